#!/usr/bin/python3
# Create tap device NAME, bring it up at MTU 9000, and print the length of
# every frame it gets until SECONDS pass.  Prints "ready" once up.
# Usage: tap_read.py NAME SECONDS
import fcntl, os, select, struct, subprocess, sys, time

TUNSETIFF = 0x400454ca
IFF_TAP, IFF_NO_PI = 0x0002, 0x1000

name, seconds = sys.argv[1], float(sys.argv[2])
fd = os.open("/dev/net/tun", os.O_RDWR)
fcntl.ioctl(fd, TUNSETIFF, struct.pack("16sH", name.encode(), IFF_TAP | IFF_NO_PI))
subprocess.run(["ip", "link", "set", name, "mtu", "9000", "up"], check=True)
print("ready", flush=True)
end = time.time() + seconds
while time.time() < end:
    if select.select([fd], [], [], 0.1)[0]:
        print(len(os.read(fd, 65536)), flush=True)
