package dev.kaisen.bridge.bench;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The benchmarks' background load starts its processes, and they end: when closed, and by themselves. */
class SyntheticLoadTest {

    @Test
    void itsProcessesRunUntilClosedAndAreGoneAfter() {
        List<ProcessHandle> processes;
        try (SyntheticLoad load = SyntheticLoad.start(2, 120)) {
            processes = load.processes();
            assertEquals(2, processes.size());
            assertTrue(processes.stream().allMatch(ProcessHandle::isAlive));
        }
        assertTrue(processes.stream().noneMatch(ProcessHandle::isAlive));
    }

    /** The session of a process (Linux: /proc/PID/stat, the fourth field after the name). */
    private static long session(long pid) throws java.io.IOException {
        String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/" + pid + "/stat"));
        return Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[3]);
    }

    @Test
    void itsProcessesRunInSessionsOfTheirOwnWhereSetsidIsFound() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isDirectory(java.nio.file.Path.of("/proc/self"))
                && SyntheticLoad.SETSID.stream().anyMatch(p -> java.nio.file.Files.isExecutable(java.nio.file.Path.of(p))));
        try (SyntheticLoad load = SyntheticLoad.start(1, 120)) {
            long pid = load.processes().get(0).pid();
            assertTrue(session(pid) != session(ProcessHandle.current().pid()), "a session of its own");
            assertEquals(pid, session(pid), "it leads its session: setsid ran it in place, destroy() reaches it");
        }
    }

    @Test
    void aProcessEndsByItselfAfterItsTime() throws Exception {
        try (SyntheticLoad load = SyntheticLoad.start(1, 0.2)) {
            ProcessHandle p = load.processes().get(0);
            p.onExit().get(30, TimeUnit.SECONDS);
            assertFalse(p.isAlive());
        }
    }

    @Test
    void noProcessesIsNoLoadAndBadArgumentsAreRefused() {
        try (SyntheticLoad load = SyntheticLoad.start(0, 1)) {
            assertTrue(load.processes().isEmpty());
        }
        assertThrows(IllegalArgumentException.class, () -> SyntheticLoad.start(-1, 1));
        assertThrows(IllegalArgumentException.class, () -> SyntheticLoad.start(1, 0));
        assertThrows(IllegalArgumentException.class, () -> SyntheticLoad.start(1, Double.NaN));
    }
}
