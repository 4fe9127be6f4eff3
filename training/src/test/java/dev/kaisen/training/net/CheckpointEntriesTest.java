package dev.kaisen.training.net;

import dev.kaisen.env.Game;
import dev.kaisen.observation.Encoders;
import dev.kaisen.training.config.PpoConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A checkpoint's entries are bounded before anything reads them (a zip of a megabyte can inflate to
 * a gigabyte), and its parts must agree with each other: each refusal is one line naming the entry
 * or the part.
 */
class CheckpointEntriesTest {
    private static final Checkpoint.Progress PROGRESS = new Checkpoint.Progress(0, 0, 0, 1, 0, -1, 1, 1, 0);

    private static Path write(Path dir, PpoConfig config, int snapshots) {
        Game<?> g = config.game();
        PolicyNetwork net = PolicyNetwork.create(Encoders.create(g, config.view).size(), g.numDistinctActions(),
                new int[]{4}, 1e-3, 3);
        Path file = dir.resolve("last.zip");
        Checkpoint.write(file, net, config, PROGRESS, Collections.nCopies(snapshots, net.export()));
        return file;
    }

    private static void put(Path file, String entry, byte[] data) throws IOException {
        try (FileSystem zip = FileSystems.newFileSystem(file)) {
            Files.write(zip.getPath(entry), data);
        }
    }

    private static String read(Path file, String entry) throws IOException {
        try (FileSystem zip = FileSystems.newFileSystem(file)) {
            return Files.readString(zip.getPath(entry));
        }
    }

    /** Every reader's message for {@code file}: resume, agents, the bare network. */
    private static List<String> refusals(Path file) {
        List<Function<Path, Object>> readers = List.of(Checkpoint::read, Checkpoint::readPolicy, Checkpoint::readNetwork);
        return readers.stream().map(r -> assertThrows(IllegalArgumentException.class, () -> r.apply(file)).getMessage())
                .toList();
    }

    /** Probe 3, defect 5: a 1 GiB coefficients.bin of zeros in a 1.2 MB zip exhausted the heap or confused ND4J. */
    @Test
    void coefficientsLargerThanTheDeclaredNetworkNeedsAreRefusedNamingTheEntry(@TempDir Path dir) throws IOException {
        Path file = write(dir, PpoConfig.DEFAULTS, 1);
        put(file, Checkpoint.COEFFICIENTS, new byte[8 << 20]);
        for (String m : refusals(file)) {
            assertTrue(m.startsWith("cannot read checkpoint " + file + ": its entry coefficients.bin inflates to "),
                    m);
            assertTrue(m.contains("bytes that the network its configuration.json declares ("), m);
            assertTrue(m.endsWith("parameters) can need: a damaged file, or not written by ./kaisen train"), m);
            assertEquals(1, m.lines().count(), m);
        }
    }

    @Test
    void aHugeSmallEntryOrSnapshotIsRefusedNamingTheEntry(@TempDir Path dir) throws IOException {
        Path file = write(dir, PpoConfig.DEFAULTS, 1);
        String config = read(file, Checkpoint.CONFIG);
        put(file, Checkpoint.CONFIG, (" ".repeat(2 << 20) + config).getBytes());
        for (String m : refusals(file)) {
            assertEquals("cannot read checkpoint " + file + ": its entry kaisen-config.json inflates to more than the "
                    + "1,048,576 bytes allowed for it: a damaged file, or not written by ./kaisen train", m);
        }
        assertThrows(IllegalArgumentException.class, () -> Checkpoint.readConfig(file));
        put(file, Checkpoint.CONFIG, config.getBytes());
        put(file, "kaisen-snapshot-0.bin", new byte[8 << 20]);
        for (String m : refusals(file)) {
            assertTrue(m.contains(": its entry kaisen-snapshot-0.bin inflates to "), m);
        }
    }

    @Test
    void moreSnapshotsThanThePoolHoldsOrAJavaObjectEntryAreRefused(@TempDir Path dir) throws IOException {
        PpoConfig.Builder config = new PpoConfig.Builder();
        config.poolSize = 2;
        Path file = write(dir, config.build(), 3);
        for (String m : refusals(file)) {
            assertTrue(m.endsWith("it has more than its pool size of 2 snapshots (kaisen-snapshot-N.bin entries); "
                    + "refused"), m);
        }
        file = write(dir, PpoConfig.DEFAULTS, 1);
        put(file, Checkpoint.PREPROCESSOR, new byte[]{1, 2, 3});
        for (String m : refusals(file)) {
            assertTrue(m.contains("it has an entry preprocessor.bin, which ./kaisen train never writes"), m);
        }
    }

    @Test
    void aNetworkDeclaredBeyondTheLimitIsRefused(@TempDir Path dir) throws IOException {
        Path file = write(dir, PpoConfig.DEFAULTS, 0);
        String network = read(file, Checkpoint.NETWORK);
        put(file, Checkpoint.NETWORK, network.replaceFirst("\"nout\" : 4,", "\"nout\" : 400000,").getBytes());
        for (String m : refusals(file)) {
            assertTrue(m.endsWith("configuration.json declares a network of more than 67,108,864 parameters; refused"),
                    m);
        }
    }

    @Test
    void aNetworkThatWouldTakeMoreThanHalfTheHeapToLoadIsRefused() throws IOException {
        long heap = 256L << 20;
        Checkpoint.checkHeap(85_185, heap); // the default net on Osaka: about 4 MB
        IOException e = assertThrows(IOException.class, () -> Checkpoint.checkHeap(5_000_000, heap));
        assertEquals("its network (configuration.json) declares 5,000,000 parameters, which take about 228 MB to load, "
                + "more than half of this JVM's 256 MB heap: a damaged file, or give the JVM more memory "
                + "(KAISEN_JAVA_OPTS=-Xmx...)", e.getMessage());
    }

    @Test
    void aSnapshotHeaderAskingForMoreWeightsThanItHoldsIsRefusedBeforeAllocating() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(bytes);
        d.writeInt(0x4B4D4C50); // MlpWeights' magic, "KMLP"
        d.writeInt(3);
        for (int size : new int[]{40_000, 40_000, 40_000}) {
            d.writeInt(size);
        }
        d.flush();
        byte[] data = bytes.toByteArray();
        IOException e = assertThrows(IOException.class, () -> MlpWeights.read(data));
        assertTrue(e.getMessage().contains("weights, more than its 20 bytes hold"), e.getMessage());
    }

    /** Probe 3: a layout whose observationSize (471) disagrees with its own 470-input network was played. */
    @Test
    void aLayoutThatDisagreesWithItsNetworkOrConfigIsRefusedNamingThePart(@TempDir Path dir) throws IOException {
        PpoConfig.Builder config = new PpoConfig.Builder();
        Path file = write(dir, config.build(), 1);
        String layout = read(file, Checkpoint.LAYOUT);
        Checkpoint.Layout l = Checkpoint.Layout.of(config.build());
        put(file, Checkpoint.LAYOUT, layout.replace("\"observationSize\" : " + l.observationSize(),
                "\"observationSize\" : " + (l.observationSize() + 1)).getBytes());
        for (String m : refusals(file)) {
            assertEquals("checkpoint " + file + " disagrees with itself: kaisen-layout.json says observationSize "
                    + (l.observationSize() + 1) + ", but its network has " + l.observationSize() + " inputs (an edited "
                    + "or damaged file); retrain, or use an unchanged copy", m);
        }
        put(file, Checkpoint.LAYOUT, layout.replace("\"game\" : \"" + l.game() + "\"", "\"game\" : \"tokaido\"")
                .replace("\"numActions\" : " + l.numActions(), "\"numActions\" : 7").getBytes());
        for (String m : refusals(file)) {
            assertTrue(m.contains("kaisen-layout.json says numActions 7, but its network has " + l.numActions()
                    + " actions; kaisen-layout.json says game tokaido, but kaisen-config.json says " + l.game()), m);
        }
        put(file, Checkpoint.LAYOUT, layout.getBytes());
        Checkpoint.readPolicy(file);
    }
}
