package dev.kaisen.training.net;

import dev.kaisen.env.Game;
import dev.kaisen.env.Json;
import dev.kaisen.observation.Encoders;
import dev.kaisen.observation.LayoutHash;
import dev.kaisen.training.config.PpoConfig;
import dev.kaisen.training.ppo.PpoTrainer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A checkpoint records the layout hash of the game, config and view it was trained on, and
 * every way of reading it (resume, agents, the bare network) refuses another layout; one written
 * before layouts were recorded loads with a warning only when its network's sizes fit.
 */
class CheckpointLayoutTest {
    private static final Checkpoint.Progress PROGRESS = new Checkpoint.Progress(0, 0, 0, 1, 0, -1, 1, 1, 0);

    /** A small network sized for the default run's game and view, written as a checkpoint. */
    private static Path write(Path dir, PpoConfig config, int inputs) {
        Game<?> g = config.game();
        PolicyNetwork net = PolicyNetwork.create(inputs, g.numDistinctActions(), new int[]{4}, 1e-3, 3);
        Path file = dir.resolve("last.zip");
        Checkpoint.write(file, net, config, PROGRESS, List.of(net.export()));
        return file;
    }

    private static int inputs(PpoConfig config) {
        return Encoders.create(config.game(), config.view).size();
    }

    private static void rewrite(Path file, String entry, String text) throws IOException {
        try (FileSystem zip = FileSystems.newFileSystem(file)) {
            if (text == null) {
                Files.delete(zip.getPath(entry));
            } else {
                Files.writeString(zip.getPath(entry), text);
            }
        }
    }

    @Test
    void aCheckpointRecordsItsLayoutHashAndLoadsWithoutWarning(@TempDir Path dir) throws IOException {
        PpoConfig config = PpoConfig.DEFAULTS;
        Path file = write(dir, config, inputs(config));
        Checkpoint.Layout layout;
        try (FileSystem zip = FileSystems.newFileSystem(file)) {
            layout = Json.read(Files.readString(zip.getPath(Checkpoint.LAYOUT)), Checkpoint.Layout.class);
        }
        Game<?> g = config.game();
        assertEquals(LayoutHash.of(g, Encoders.create(g, config.view)), layout.layoutHash());
        assertEquals(inputs(config), layout.observationSize());
        assertEquals(g.numDistinctActions(), layout.numActions());
        assertNull(Checkpoint.read(file).warning());
        assertNull(Checkpoint.readPolicy(file).warning());
        Checkpoint.readNetwork(file);
    }

    @Test
    void aDifferentLayoutIsRefusedByEveryReaderWithBothLayoutsNamed(@TempDir Path dir) throws IOException {
        PpoConfig config = PpoConfig.DEFAULTS;
        Path file = write(dir, config, inputs(config));
        String recorded;
        try (FileSystem zip = FileSystems.newFileSystem(file)) {
            recorded = Files.readString(zip.getPath(Checkpoint.LAYOUT));
        }
        String hash = Checkpoint.Layout.of(config).layoutHash();
        rewrite(file, Checkpoint.LAYOUT, recorded.replace(hash, "0123456789abcdef"));
        for (Runnable read : List.<Runnable>of(() -> Checkpoint.read(file), () -> Checkpoint.readPolicy(file),
                () -> Checkpoint.readNetwork(file), () -> Dl4jProvider.load(file))) {
            IllegalArgumentException e = assertThrows(Checkpoint.LayoutMismatch.class, read::run);
            assertTrue(e.getMessage().contains("0123456789abcdef") && e.getMessage().contains(hash)
                    && e.getMessage().contains(file.toString()) && e.getMessage().contains("retrain"), e.getMessage());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PpoTrainer.resume(dir, 0));
        assertTrue(e.getMessage().contains("0123456789abcdef"), e.getMessage());
    }

    @Test
    void aCheckpointWithoutALayoutLoadsWithAWarningOnlyWhenItsSizesFit(@TempDir Path dir) throws IOException {
        PpoConfig config = PpoConfig.DEFAULTS;
        Path fits = write(dir.resolve("fits"), config, inputs(config));
        rewrite(fits, Checkpoint.LAYOUT, null);
        String warning = Checkpoint.read(fits).warning();
        assertTrue(warning != null && warning.contains("records no layout"), warning);
        assertEquals(warning, Checkpoint.readPolicy(fits).warning());
        Checkpoint.readNetwork(fits);
        assertTrue(PpoTrainer.resume(dir.resolve("fits"), 0).notices().contains(warning), "resume says so");

        Path other = write(dir.resolve("other"), config, inputs(config) + 1);
        rewrite(other, Checkpoint.LAYOUT, null);
        for (Runnable read : List.<Runnable>of(() -> Checkpoint.read(other), () -> Checkpoint.readPolicy(other),
                () -> Checkpoint.readNetwork(other))) {
            IllegalArgumentException e = assertThrows(Checkpoint.LayoutMismatch.class, read::run);
            assertTrue(e.getMessage().contains("does not fit") && e.getMessage().contains((inputs(config) + 1) + " inputs"),
                    e.getMessage());
        }
    }
}
