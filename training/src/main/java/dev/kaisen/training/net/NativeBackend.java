package dev.kaisen.training.net;

import org.bytedeco.javacpp.Loader;
import org.nd4j.linalg.factory.Nd4j;

/**
 * ND4J's native backend (nd4j-native and OpenBLAS, loaded through JavaCPP), which every DL4J
 * network needs: reading a checkpoint ({@code dl4j:} agents, {@code train --resume}) and training.
 * An installation without it (the wheel built by {@code ./kaisen wheel --no-natives}, or a
 * platform with no native libraries in the jars) fails here with a message that says so, instead
 * of the {@code ExceptionInInitializerError} of ND4J's static initializer (and the
 * {@code NoClassDefFoundError} of every later use).
 */
public final class NativeBackend {
    /** The JNI libraries ND4J loads first, as {@code {resource folder, library}} (JavaCPP's layout). */
    private static final String[][] LIBRARIES = {
            {"org/nd4j/linalg/cpu/nativecpu/bindings", "jnind4jcpu"},
            {"org/bytedeco/openblas", "jniopenblas_nolapack"},
    };

    private static volatile boolean loaded;
    private static volatile String failure;

    private NativeBackend() {
    }

    /**
     * Loads the backend once per JVM; when it cannot be loaded, throws an
     * {@link IllegalStateException} saying that {@code what} (e.g. {@code "dl4j:best.zip"}) needs it
     * and why it is missing.
     */
    public static void require(String what) {
        if (!loaded && failure == null) {
            synchronized (NativeBackend.class) {
                if (!loaded && failure == null) {
                    try {
                        Nd4j.getBackend(); // its static initializer loads the native libraries
                        loaded = true;
                    } catch (LinkageError | RuntimeException e) {
                        failure = why(platform(), missingLibrary(), e);
                    }
                }
            }
        }
        if (failure != null) {
            throw new IllegalStateException(what + " needs ND4J's native backend, " + failure);
        }
    }

    /** The end of the message: what is missing (a library file, or null: all there) or what failed. */
    static String why(String platform, String missing, Throwable error) {
        if (missing != null) {
            return "which is not in this Kaisen installation (no " + missing + " for " + platform + " on the class path; "
                    + "a wheel built with `./kaisen wheel --no-natives` leaves it out, and the full wheel has it for "
                    + "linux-x86_64 only): install the full wheel, or use a checkout (./kaisen build), on linux-x86_64";
        }
        return "which failed to load on " + platform + ": " + rootCause(error);
    }

    static String rootCause(Throwable error) {
        Throwable t = error;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
    }

    private static String platform() {
        try {
            return Loader.getPlatform();
        } catch (LinkageError e) { // no JavaCPP at all
            return System.getProperty("os.name") + "-" + System.getProperty("os.arch");
        }
    }

    /** The first native library of {@link #LIBRARIES} whose file is not on the class path, or null. */
    private static String missingLibrary() {
        String platform = platform();
        ClassLoader loader = NativeBackend.class.getClassLoader();
        for (String[] lib : LIBRARIES) {
            String file = System.mapLibraryName(lib[1]);
            if (loader.getResource(lib[0] + "/" + platform + "/" + file) == null) {
                return file;
            }
        }
        return null;
    }
}
