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
