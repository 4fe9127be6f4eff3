package dev.kaisen.training.net;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** ND4J's native backend: loaded in a full build, and a clear message when an installation lacks it. */
class NativeBackendTest {
    @Test
    void loadsInTheBuildThatCarriesTheNativeJars() {
        assertDoesNotThrow(() -> NativeBackend.require("this test"));
    }

    @Test
    void aMissingLibrarySaysTheInstallationLacksTheBackendAndWhereToGetIt() {
        String why = NativeBackend.why("linux-x86_64", "libjnind4jcpu.so", new ExceptionInInitializerError());
        assertTrue(why.startsWith("which is not in this Kaisen installation (no libjnind4jcpu.so for linux-x86_64"), why);
        assertTrue(why.contains("--no-natives") && why.contains("install the full wheel"), why);
    }

    @Test
    void aLibraryThatIsThereButFailsToLoadIsReportedByItsRootCause() {
        Throwable error = new ExceptionInInitializerError(
                new RuntimeException("ND4J is probably missing dependencies", new UnsatisfiedLinkError("libgomp.so.1: nope")));
        assertEquals("which failed to load on linux-arm64: UnsatisfiedLinkError: libgomp.so.1: nope",
                NativeBackend.why("linux-arm64", null, error));
    }
}
