package dev.kaisen.observation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where each array of a vectorized env lives in its flat little-endian buffer. Every region
 * starts on a 64-byte boundary. The same layout is read by Python ({@link #describe()}),
 * which maps the same file and views each region as a numpy array.
 *
 * <pre>
 * region             dtype    shape
 * actions            int32    [N]            written by the caller before each step
 * observations       float32  [N, obs]       the learner's observation (after auto-reset: the new episode's)
 * masks              uint8    [N, A]         the learner's legal actions
 * rewards            float32  [N]            the learner's reward for the last step
 * terminated         uint8    [N]            episode ended by the rules at the last step
 * truncated          uint8    [N]            episode hit the safety cap at the last step
 * learner_seat       int32    [N]            the learner's seat in the current episode
 * final_observations float32  [N, obs]       valid where terminated or truncated: the last observation
 * final_vp           int32    [N, seats]     final VP by absolute seat (valid where done)
 * final_winners      uint8    [N]            bit s set when seat s won (valid where done)
 * final_learner_seat int32    [N]            the learner's seat in the episode that ended
 * episode_return     float32  [N]            the learner's return over the episode that ended
 * episode_length     int32    [N]            the learner's decisions in the episode that ended
 * </pre>
 */
public final class VectorLayout {
    public record Region(String name, String dtype, int offset, List<Integer> shape, int bytes) {
    }

    private final int numEnvs;
    private final int obsSize;
    private final int numActions;
    private final int seats;
    private final Map<String, Region> regions = new LinkedHashMap<>();
    private int size;

    public VectorLayout(int numEnvs, int obsSize, int numActions, int seats) {
        if (numEnvs < 1) {
            throw new IllegalArgumentException("need at least one env, not " + numEnvs);
        }
        this.numEnvs = numEnvs;
        this.obsSize = obsSize;
        this.numActions = numActions;
        this.seats = seats;
        add("actions", "int32", 4, numEnvs);
        add("observations", "float32", 4, numEnvs, obsSize);
        add("masks", "uint8", 1, numEnvs, numActions);
        add("rewards", "float32", 4, numEnvs);
        add("terminated", "uint8", 1, numEnvs);
        add("truncated", "uint8", 1, numEnvs);
        add("learner_seat", "int32", 4, numEnvs);
        add("final_observations", "float32", 4, numEnvs, obsSize);
        add("final_vp", "int32", 4, numEnvs, seats);
        add("final_winners", "uint8", 1, numEnvs);
        add("final_learner_seat", "int32", 4, numEnvs);
        add("episode_return", "float32", 4, numEnvs);
        add("episode_length", "int32", 4, numEnvs);
    }

    private void add(String name, String dtype, int itemBytes, int... shape) {
        long count = 1;
        for (int d : shape) {
            count *= d;
        }
        long bytes = count * itemBytes;
        int offset = (size + 63) & ~63;
        if (offset + bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("vector env buffers would exceed 2 GiB: use fewer envs");
        }
        List<Integer> dims = new java.util.ArrayList<>();
        for (int d : shape) {
            dims.add(d);
        }
        regions.put(name, new Region(name, dtype, offset, List.copyOf(dims), (int) bytes));
        size = offset + (int) bytes;
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

    public int numEnvs() {
        return numEnvs;
    }

    public int obsSize() {
        return obsSize;
    }

    public int numActions() {
        return numActions;
    }

    public int seats() {
        return seats;
    }

    /** The layout as plain data (for JSON and Python). */
    public Map<String, Object> describe() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("byteOrder", "little");
        out.put("size", size());
        out.put("numEnvs", numEnvs);
        out.put("observationSize", obsSize);
        out.put("numActions", numActions);
        out.put("seats", seats);
        out.put("regions", List.copyOf(regions.values()));
        return out;
    }
}
