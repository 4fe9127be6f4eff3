package dev.kaisen.observation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where each array lives in a flat little-endian buffer shared with Python: named regions
 * with a dtype and a shape, each starting on a 64-byte boundary. Python reads
 * {@link #describe()}, maps the same file and views each region as a numpy array.
 *
 * <p>The vectorized env's layout ({@link #forVectorEnv}):
 * <pre>
 * region             dtype    shape
 * control            int64    [16]           requests and answers of a caller's step protocol (the
 *                                            bridge's step channel); unused by the env itself
 * actions            int32    [N]            written by the caller before each step
 * observations       float32  [N, obs]       the learner's observation (after auto-reset: the new episode's)
 * masks              int8     [N, A]         the learner's legal actions (1 legal, 0 not)
 * rewards            float32  [N]            the learner's reward for the last step
 * terminated         uint8    [N]            episode ended by the rules at the last step
 * truncated          uint8    [N]            episode hit the safety cap at the last step
 * learner_seat       int32    [N]            the learner's seat in the current episode
 * final_observations float32  [N, obs]       valid where terminated or truncated: the last observation
 * final_scores       int32    [N, seats]     final scores (e.g. VP) by absolute seat (valid where done)
 * final_winners      int32    [N]            bit s set when seat s won (valid where done)
 * final_learner_seat int32    [N]            the learner's seat in the episode that ended
 * final_forfeited    uint8    [N]            1 when that episode ended by the learner's illegal action
 *                                            (illegal_action LOSE), 0 otherwise
 * episode_return     float32  [N]            the learner's return over the episode that ended
 * episode_length     int32    [N]            the learner's decisions in the episode that ended
 * </pre>
 */
public final class BufferLayout {
    public record Region(String name, String dtype, int offset, List<Integer> shape, int bytes) {
    }

    /** int64 slots of the {@code control} region (two cache lines). */
    public static final int CONTROL_SLOTS = 16;

    private final Map<String, Region> regions = new LinkedHashMap<>();
    private final Map<String, Object> facts = new LinkedHashMap<>();
    private int size;

    public BufferLayout() {
    }

    /** The layout of a vectorized env of {@code numEnvs} envs. */
    public static BufferLayout forVectorEnv(int numEnvs, int obsSize, int numActions, int seats) {
        if (numEnvs < 1) {
            throw new IllegalArgumentException("need at least one env, not " + numEnvs);
        }
        BufferLayout l = new BufferLayout();
        l.fact("numEnvs", numEnvs).fact("observationSize", obsSize).fact("numActions", numActions).fact("seats", seats);
        l.add("control", "int64", CONTROL_SLOTS);
        l.add("actions", "int32", numEnvs);
        l.add("observations", "float32", numEnvs, obsSize);
        l.add("masks", "int8", numEnvs, numActions);
        l.add("rewards", "float32", numEnvs);
        l.add("terminated", "uint8", numEnvs);
        l.add("truncated", "uint8", numEnvs);
        l.add("learner_seat", "int32", numEnvs);
        l.add("final_observations", "float32", numEnvs, obsSize);
        l.add("final_scores", "int32", numEnvs, seats);
        l.add("final_winners", "int32", numEnvs);
        l.add("final_learner_seat", "int32", numEnvs);
        l.add("final_forfeited", "uint8", numEnvs);
        l.add("episode_return", "float32", numEnvs);
        l.add("episode_length", "int32", numEnvs);
        return l;
    }

    /** Records a plain fact (a size) that {@link #describe()} reports. */
    public BufferLayout fact(String name, Object value) {
        facts.put(name, value);
        return this;
    }

    private static int itemBytes(String dtype) {
        switch (dtype) {
            case "uint8":
            case "int8":
                return 1;
            case "int32":
            case "float32":
                return 4;
            case "int64":
            case "float64":
                return 8;
            default:
                throw new IllegalArgumentException("unsupported dtype " + dtype);
        }
    }

    /** Adds a region after the previous ones, 64-byte aligned. */
    public BufferLayout add(String name, String dtype, int... shape) {
        if (regions.containsKey(name)) {
            throw new IllegalArgumentException("region " + name + " declared twice");
        }
        long count = 1;
        for (int d : shape) {
            count *= d;
        }
        long bytes = count * itemBytes(dtype);
        int offset = (size + 63) & ~63;
        if (offset + bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("buffers would exceed 2 GiB: use fewer envs");
        }
        List<Integer> dims = new java.util.ArrayList<>();
        for (int d : shape) {
            dims.add(d);
        }
        regions.put(name, new Region(name, dtype, offset, List.copyOf(dims), (int) bytes));
        size = offset + (int) bytes;
        return this;
    }

    public Region region(String name) {
        Region r = regions.get(name);
        if (r == null) {
            throw new IllegalArgumentException("no region '" + name + "'");
        }
        return r;
    }

    public int offset(String name) {
        return region(name).offset();
    }

    /** Total bytes, rounded up to 64. */
    public int size() {
        return (size + 63) & ~63;
    }

    /** The layout as plain data (for JSON and Python). */
    public Map<String, Object> describe() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("byteOrder", "little");
        out.put("size", size());
        out.putAll(facts);
        out.put("regions", List.copyOf(regions.values()));
        return out;
    }
}
