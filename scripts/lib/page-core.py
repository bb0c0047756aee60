# Gives the page's main thread a core of its own while the bench's Lighthouse runs measure it
# (scripts/bench.mjs starts it, docs/startup.md section 14 says why). Python, not Node: Node
# cannot set a thread's affinity, and this places threads without forking a `taskset` for each.
#
#   python3 page-core.py PAGE_CORE OTHER_CORE PID...
#
# Every thread of the given processes (the bench, the server) goes to OTHER_CORE; Lighthouse and
# Chrome, started later by the bench, inherit it. Each Chrome renderer, once it appears, gets its
# main thread and the threads it waits on at every frame (PAGE_THREADS) on PAGE_CORE. Its other
# threads (V8's compilers and collector helpers, the thread that parses streamed scripts) go to
# PAGE_CORE too, at the idle priority (SCHED_IDLE): they run whenever the main thread does not,
# as on a phone's spare cores, and never take the core from it. On the crowded OTHER_CORE the main
# thread waited for them: a script's compile finished there 28 ms later (`ScriptCatchup`, 0.1 ms
# of CPU), a collection waited 11 ms for them to stop (`GC_TIME_TO_SAFEPOINT`). Chrome's other
# processes stay on OTHER_CORE, at nice -5, ahead of Lighthouse. Runs until it is killed or the
# bench ends; prints "ready" once the given processes are placed.
import os
import sys
import time

page, other = {int(sys.argv[1])}, {int(sys.argv[2])}
# Besides the main thread: the compositor, which presents each frame, and the I/O thread, through
# which the main thread's messages to the browser pass (a 0.8 ms send once waited 45 ms for it).
PAGE_THREADS = {b"Compositor", b"Chrome_ChildIOT"}


def threads(pid):
    try:
        return os.listdir(f"/proc/{pid}/task")
    except OSError:
        return []


def read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return b""


def place(tid, cores, idle=False):
    try:
        os.sched_setaffinity(int(tid), cores)
        if idle:
            os.sched_setscheduler(int(tid), os.SCHED_IDLE, os.sched_param(0))
    except OSError:
        pass  # the thread has ended


for pid in sys.argv[3:]:
    for tid in threads(pid):
        place(tid, other)
print("ready", flush=True)

parent = os.getppid()
seen = set()
renderers = set()
browsers = set()
placed = set()
while os.getppid() == parent:
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or pid in seen:
            continue
        cmdline = read(f"/proc/{pid}/cmdline")
        # A renderer forked by Chrome's zygote shows the zygote's command line for a moment.
        if b"--type=zygote" in cmdline:
            continue
        seen.add(pid)
        if b"--type=renderer" in cmdline:
            renderers.add(pid)
        elif b"chrom" in cmdline.split(b"\0")[0]:
            browsers.add(pid)
    # Chrome's other processes (the browser, the GPU process, the network service) answer the
    # page's requests for fonts, frames and messages; on the crowded core they wait behind
    # Lighthouse's own processing unless they come first. Where the bench may not raise a
    # priority (not root), they share it as before.
    for pid in list(browsers):
        tids = threads(pid)
        if not tids:
            browsers.discard(pid)
        for tid in tids:
            if tid not in placed:
                placed.add(tid)
                try:
                    os.setpriority(os.PRIO_PROCESS, int(tid), -5)
                except OSError:
                    pass
    for pid in list(renderers):
        tids = threads(pid)
        if not tids:
            renderers.discard(pid)
        for tid in tids:
            if tid in placed:
                continue
            name = read(f"/proc/{pid}/task/{tid}/comm").strip()
            # A new thread bears the process's name until it names itself: ask again next time.
            if tid != pid and name == read(f"/proc/{pid}/comm").strip():
                place(tid, other)
                continue
            placed.add(tid)
            first = tid == pid or name in PAGE_THREADS
            place(tid, page, idle=not first)
    time.sleep(0.01)
