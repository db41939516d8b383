#!/bin/sh
# The guest's init (pid 1): mount what the tests need, reserve hugepages,
# run the job that scripts/vm.sh left in the results share, record its exit
# status and the kernel log there, and power off.
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export HOME=/root LANG=C

mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev 2>/dev/null
mkdir -p /dev/pts /dev/shm 2>/dev/null
mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /dev/shm
mount -t tmpfs tmpfs /run
mkdir -p /run/out
mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000 out /run/out
# The host's /tmp is kept reachable if the project lives under it.
mkdir -p /run/host-tmp && mount --bind /tmp /run/host-tmp
mount -t tmpfs tmpfs /tmp
mount -t tmpfs tmpfs /var/tmp 2>/dev/null
mount -t tmpfs tmpfs /root 2>/dev/null
mount -t bpf bpf /sys/fs/bpf
mount -t debugfs debugfs /sys/kernel/debug
mount -t tracefs tracefs /sys/kernel/tracing 2>/dev/null
mount -t cgroup2 cgroup2 /sys/fs/cgroup 2>/dev/null
job=$(sed -n "s/^cd '\(.*\)'$/\1/p" /run/out/job)
case $job in
/tmp/*)	mkdir -p "$job" && mount --bind "/run/host-tmp/${job#/tmp/}" "$job" ;;
esac
mkdir -p /run/netns

ulimit -l unlimited
ip link set dev lo up
hostname vm
# 2 MiB hugepages for the AF_XDP tests
echo 64 > /proc/sys/vm/nr_hugepages

echo "guest: $(uname -r), $(nproc) CPUs, $(grep -c . /proc/cpuinfo >/dev/null && awk '/MemTotal/ {print int($2/1024) " MiB"}' /proc/meminfo)" \
	>> /run/out/output.log
sh /run/out/job >> /run/out/output.log 2>&1
echo $? > /run/out/rc.tmp
dmesg > /run/out/dmesg
mv /run/out/rc.tmp /run/out/rc
sync
echo b > /proc/sysrq-trigger
