package dev.kaisen.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code bench env --contention}: its figures and ratios, and its flags' errors. */
class BenchContentionTest {

    private static String error(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cl = KaisenCli.commandLine();
        cl.setErr(new PrintWriter(err, true));
        assertEquals(2, cl.execute(args));
        String text = err.toString().strip();
        assertEquals(1, text.lines().count(), text);
        return text;
    }

    @Test
    void itMeasuresBothEnvsAtOneAndTheDefaultThreadsQuietAndLoaded() throws Exception {
        PrintStream old = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int rc;
        try {
            System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
            rc = KaisenCli.commandLine().execute("bench", "env", "--contention", "--threads", "2", "--load", "1",
                    "--seconds", "0.02", "--json");
        } finally {
            System.setOut(old);
        }
        assertEquals(0, rc);
        JsonNode out = new ObjectMapper().readTree(bytes.toString(StandardCharsets.UTF_8));
        assertEquals("env-contention", out.get("benchmark").asText());
        assertEquals(1, out.get("loadProcesses").asInt());
        assertEquals(2, out.get("results").size());
        for (JsonNode row : out.get("results")) {
            assertEquals(256, row.get("numEnvs").asInt());
            for (String k : new String[] {"oneThread", "defaultThreads", "control"}) {
                assertTrue(row.get(k).get("quiet").asLong() > 0 && row.get(k).get("loaded").asLong() > 0, row.toString());
            }
            assertEquals(2, row.get("defaultThreads").get("threads").asInt());
            for (String k : new String[] {"defaultOverOneQuiet", "defaultOverOneLoaded", "controlOverOneQuiet",
                    "controlOverOneLoaded"}) {
                assertTrue(row.get(k).asDouble() > 0, k + ": " + row);
            }
            assertEquals(ratio(row.get("control").get("loaded"), row.get("oneThread").get("loaded")),
                    row.get("controlOverOneLoaded").asDouble(), 1e-9);
        }
    }

    private static double ratio(JsonNode a, JsonNode b) {
        return Math.round(1000.0 * a.asDouble() / b.asDouble()) / 1000.0;
    }

    @Test
    void badFlagsAreOneLine() {
        assertEquals("error: --load is for --contention", error("bench", "env", "--load", "2"));
        assertTrue(error("bench", "env", "--contention", "--load", "-1").startsWith("error: --load must be"));
        assertTrue(error("bench", "env", "--contention", "--threads", "0").startsWith("error: --threads must be"));
        assertTrue(error("bench", "env", "--contention", "--sizes", "0").startsWith("error: --sizes must be"));
        assertTrue(error("bench", "env", "--contention", "--seconds", "0").startsWith("error: --seconds must be"));
    }
}
