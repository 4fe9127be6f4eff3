package dev.kaisen.env;

import dev.kaisen.env.osaka.OsakaGame;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Reading a user's file is bounded and every failure is one line that says what is wrong. */
class UserFilesTest {

    private static String refused(Path file) {
        return assertThrows(UserFiles.FileException.class, () -> GameRecord.read(file)).getMessage();
    }

    private static GameRecord record() {
        GameRecord.Recorder<dev.kaisen.env.osaka.OsakaState> rec = new GameRecord.Recorder<>(new OsakaGame(2), 3);
        var s = rec.newGame();
        while (!s.isTerminal()) {
            rec.applyInPlace(s, s.legalActions()[0]);
        }
        return rec.finish(s);
    }

    @Test
    void aRecordFileReadsBack(@TempDir Path dir) throws IOException {
        GameRecord r = record();
        Path file = dir.resolve("game.json");
        Files.writeString(file, r.toJson(true));
        assertEquals(r, GameRecord.read(file));
    }

    @Test
    void aMissingFileAFolderAndABinaryFileAreNamed(@TempDir Path dir) throws IOException {
        assertEquals("no such file: " + dir.resolve("none.json"), refused(dir.resolve("none.json")));
        assertTrue(refused(dir).contains("is a folder"), refused(dir));
        Path binary = dir.resolve("b.json");
        Files.write(binary, new byte[] {(byte) 0xff, (byte) 0xfe, 0x7b});
        assertTrue(refused(binary).contains("is not UTF-8 JSON text"), refused(binary));
        Files.write(binary, new byte[] {0x7b, 0, 0x7d});
        assertTrue(refused(binary).contains("is not UTF-8 JSON text"), refused(binary));
    }

    @Test
    void aRecordOverTheLimitIsRefusedWithoutReadingIt(@TempDir Path dir) throws IOException {
        Path huge = dir.resolve("huge.json");
        try (RandomAccessFile f = new RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(3L << 30); // sparse: 3 GB that take no room
        }
        assertTrue(refused(huge).contains("larger than the 256 MiB limit for a game record"), refused(huge));
    }

    @Test
    void aDeviceIsRefusedUnread() {
        Path zero = Path.of("/dev/zero");
        assumeTrue(Files.exists(zero));
        assertEquals("/dev/zero is a character device, not a game record (JSON); give a file", refused(zero));
    }

    /** Probe 3, defect 10: opening a named pipe blocks until a writer comes, so the replay hung for good. */
    @Test
    void aNamedPipeIsRefusedWithoutOpeningIt(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("fifo.json");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).redirectErrorStream(true).start();
        assumeTrue(mk.waitFor() == 0 && Files.exists(fifo), "mkfifo is not available");
        String message = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> refused(fifo));
        assertEquals(fifo + " is a named pipe (FIFO), not a game record (JSON); give a file", message);
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), fifo);
        assertEquals(link + " is a named pipe (FIFO), not a game record (JSON); give a file",
                assertTimeoutPreemptively(Duration.ofSeconds(20), () -> refused(link)));
    }

    /** A file whose size is not known in advance (here a /proc file, size 0) is cut at the limit while read. */
    @Test
    void aStreamIsCutAtTheLimit() throws IOException {
        Path maps = Path.of("/proc/self/maps");
        assumeTrue(Files.isRegularFile(maps) && Files.size(maps) == 0);
        UserFiles.FileException e = assertThrows(UserFiles.FileException.class,
                () -> UserFiles.readJson(maps, 1024, "a test file", GameRecord.class));
        assertTrue(e.getMessage().contains("larger than the 1 KiB limit for a test file"), e.getMessage());
    }

    @Test
    void aFolderThatIsAFileSaysSo(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("runs"), "not a folder");
        IOException e = assertThrows(IOException.class, () -> Files.createDirectories(file));
        assertEquals("a file is already there: " + file + " (give a folder, or a name not yet used)", UserFiles.why(e));
    }

    @Test
    void aFailedWriteSaysWhy(@TempDir Path dir) throws IOException {
        UserFiles.FileException e = assertThrows(UserFiles.FileException.class,
                () -> UserFiles.writeText(dir.resolve("no/such/out.json"), "{}"));
        assertTrue(e.getMessage().startsWith("cannot write " + dir.resolve("no/such/out.json") + ": no such file or folder"),
                e.getMessage());
        Path file = dir.resolve("f");
        Files.writeString(file, "x");
        e = assertThrows(UserFiles.FileException.class, () -> UserFiles.writeText(file.resolve("out.json"), "{}"));
        assertTrue(e.getMessage().startsWith("cannot write " + file.resolve("out.json") + ": not a directory"),
                e.getMessage());
        e = assertThrows(UserFiles.FileException.class, () -> UserFiles.writeText(dir, "{}"));
        assertTrue(e.getMessage().contains("is a folder"), e.getMessage());
    }

    /** Whole or not at all: a failed fill leaves the old file and no temporary; a new file gets the usual rights. */
    @Test
    void anAtomicWriteReplacesTheFileWholeOrLeavesItAsItWas(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("sub/board.json");
        UserFiles.writeAtomically(file, tmp -> Files.writeString(tmp, "first"));
        assertEquals("first", Files.readString(file), "the missing folder is made");
        UserFiles.writeAtomically(file, tmp -> Files.writeString(tmp, "second"));
        assertEquals("second", Files.readString(file));
        IOException io = assertThrows(IOException.class, () -> UserFiles.writeAtomically(file, tmp -> {
            Files.writeString(tmp, "half");
            throw new IOException("disk full");
        }));
        assertEquals("disk full", io.getMessage());
        assertThrows(IllegalStateException.class, () -> UserFiles.writeAtomically(file, tmp -> {
            throw new IllegalStateException("bug");
        }));
        assertEquals("second", Files.readString(file), "a failed write leaves the file as it was");
        try (var left = Files.list(file.getParent())) {
            assertEquals(List.of("board.json"), left.map(p -> p.getFileName().toString()).toList(), "no temporary left");
        }
        if (Files.getFileStore(dir).supportsFileAttributeView("posix")) {
            Path plain = Files.createFile(dir.resolve("plain"));
            assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(file),
                    "made with the rights any new file gets, not owner-only");
        }
    }
}
