package dev.kaisen.env;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The explicit-chance mode of a state: every random event is a node of its own, at which the
 * chance player ({@link GameState#CHANCE}) chooses an outcome id from a list with exact
 * probabilities, as OpenSpiel's explicit stochastic games do. A state in the default, sampled
 * mode holds none (its chance comes from its random stream and costs nothing more).
 *
 * <p><b>How a game uses it.</b> At each random event the rules ask the state's
 * {@code ExplicitChance} (when it has one) instead of the random stream, through
 * {@link #choose} (a draw: outcome ids weighted by how many of each remain) or {@link #uniform}
 * (a die, a seat). A step (a decision, or the deal) runs as it always does; at the first event
 * whose outcome is not yet chosen, {@code choose} stops the step, and the state, left as the step
 * had it at that moment (what the table shows while the card is being turned over), becomes a
 * chance node. Applying an outcome restores the state from before the step and runs the step
 * again with the outcomes chosen so far: the step's events take them in order, and the next
 * unchosen event makes the next chance node, until the step completes. So the game's rules stay
 * one straight-line piece of code for both modes, and the sampled mode is untouched: the same
 * seeds give the same games.
 *
 * <p>Chance steps reported to a {@link ChanceLog} in explicit mode arrive once, when the step
 * completes, as in the sampled mode.
 *
 * @param <S> the game's state type
 */
public final class ExplicitChance<S extends GameState<S>> {
    /** The step id of the deal (the setup's chance events happen in it). */
    public static final int DEAL = Integer.MIN_VALUE;

    /** How a game runs one step in place: a decision, or {@link #DEAL}. */
    @FunctionalInterface
    public interface Step<S> {
        void run(S state, int step, ChanceLog log);
    }

    /** How a game sets every field of {@code target} (but its {@code ExplicitChance}) to {@code source}'s. */
    @FunctionalInterface
    public interface Assign<S> {
        void assign(S target, S source);
    }

    /** Thrown inside a step at an event whose outcome is not chosen yet; caught by this class alone. */
    private static final class Stop extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stop() {
            super("explicit chance: an outcome is to be chosen", null, false, false);
        }
    }

    private static final Stop STOP = new Stop();
    private static final int[] NONE = new int[0];

    private final Step<S> step;
    private final Assign<S> assign;
    /** The state before the step in progress, or null at a decision node (never changed once taken). */
    private S before;
    /** The step in progress at a chance node. */
    private int action;
    /** The outcomes chosen so far in the step in progress. */
    private int[] script = NONE;
    /** Where the running step is in {@link #script}. */
    private int cursor;
    /** The node's outcome ids, ascending, and their weights (at a chance node). */
    private int[] ids = NONE;
    private int[] weights = NONE;
    private long total;

    public ExplicitChance(Step<S> step, Assign<S> assign) {
        this.step = Objects.requireNonNull(step, "step");
        this.assign = Objects.requireNonNull(assign, "assign");
    }

    /** A copy for a copy of the state (the state before the step is shared: it never changes). */
    public ExplicitChance<S> copy() {
        ExplicitChance<S> c = new ExplicitChance<>(step, assign);
        c.before = before;
        c.action = action;
        c.script = script;
        c.ids = ids;
        c.weights = weights;
        c.total = total;
        return c;
    }

    // ------------------------------------------------------------------ the node

    /** Whether the state is a chance node (an outcome must be applied next). */
    public boolean isChanceNode() {
        return before != null;
    }

    /** The state before the step in progress (at a chance node), or null. */
    public S before() {
        return before;
    }

    /** The step in progress at a chance node ({@link #DEAL} or a decision). */
    public int step() {
        return action;
    }

    /** The outcomes chosen so far in the step in progress (a copy). */
    public int[] chosen() {
        return script.clone();
    }

    /** Writes the node's outcome ids, ascending, into {@code out}; returns how many. */
    public int outcomes(int[] out) {
        requireNode();
        System.arraycopy(ids, 0, out, 0, ids.length);
        return ids.length;
    }

    /** The node's outcome ids, ascending. */
    public int[] outcomes() {
        requireNode();
        return ids.clone();
    }

    /** Each outcome's exact probability (its weight over the total), in {@link #outcomes()}'s order. */
    public double[] probabilities() {
        requireNode();
        double[] p = new double[ids.length];
        for (int i = 0; i < ids.length; i++) {
            p[i] = (double) weights[i] / total;
        }
        return p;
    }

    /** Each outcome's weight (e.g. how many such cards remain), in {@link #outcomes()}'s order. */
    public int[] weights() {
        requireNode();
        return weights.clone();
    }

    /** Whether {@code outcome} is one of the node's outcomes. */
    public boolean isOutcome(int outcome) {
        return before != null && Arrays.binarySearch(ids, outcome) >= 0;
    }

    private void requireNode() {
        if (before == null) {
            throw new IllegalStateException("not a chance node: a player is to decide (chance outcomes exist only"
                    + " where the chance player acts)");
        }
    }

    /** The error for an id that is not one of this chance node's outcomes: it names them. */
    public IllegalActionException illegal(int outcome) {
        return new IllegalActionException(outcome, "chance outcome " + outcome + " is not one of this chance node's"
                + " outcomes " + Arrays.toString(ids) + " (the chance player is to act)");
    }

    // ------------------------------------------------------------------ the events (called by the rules inside a step)

    /**
     * One random event: outcome {@code ids[i]} has weight {@code weights[i]} (e.g. how many cards of
     * that kind remain in the pile); entries of weight 0 are not outcomes. Returns the index
     * {@code i} of the outcome chosen, or stops the step when it is yet to be chosen.
     */
    public int choose(int[] ids, int[] weights, int count) {
        if (cursor < script.length) {
            int o = script[cursor++];
            for (int i = 0; i < count; i++) {
                if (ids[i] == o && weights[i] > 0) {
                    return i;
                }
            }
            throw new IllegalStateException("explicit chance: outcome " + o + " is not possible at this event");
        }
        int k = 0;
        for (int i = 0; i < count; i++) {
            if (weights[i] > 0) {
                k++;
            }
        }
        if (k == 0) {
            throw new IllegalStateException("explicit chance: an event with no possible outcome");
        }
        int[] order = new int[k];
        k = 0;
        for (int i = 0; i < count; i++) {
            if (weights[i] > 0) {
                order[k++] = i;
            }
        }
        int[] nodeIds = new int[k];
        int[] nodeWeights = new int[k];
        // ascending ids (insertion sort: a node has few outcomes)
        for (int a = 0; a < k; a++) {
            int i = order[a];
            int b = a - 1;
            while (b >= 0 && nodeIds[b] > ids[i]) {
                nodeIds[b + 1] = nodeIds[b];
                nodeWeights[b + 1] = nodeWeights[b];
                b--;
            }
            if (b >= 0 && nodeIds[b] == ids[i]) {
                throw new IllegalStateException("explicit chance: outcome " + ids[i] + " listed twice at one event");
            }
            nodeIds[b + 1] = ids[i];
            nodeWeights[b + 1] = weights[i];
        }
        long sum = 0;
        for (int w : nodeWeights) {
            sum += w;
        }
        this.ids = nodeIds;
        this.weights = nodeWeights;
        this.total = sum;
        throw STOP;
    }

    /** An event with {@code count} equally likely outcomes, ids {@code first .. first + count - 1}; returns the index chosen. */
    public int uniform(int first, int count) {
        int[] i = new int[count];
        int[] w = new int[count];
        for (int k = 0; k < count; k++) {
            i[k] = first + k;
            w[k] = 1;
        }
        return choose(i, w, count);
    }

    // ------------------------------------------------------------------ the moves (called by the state)

    /**
     * Runs {@code action} (a decision, or {@link #DEAL}) on {@code state} (whose explicit chance
     * this is, at a decision node): either it completes, or the state stops at its first chance
     * node.
     */
    public void decide(S state, int action, ChanceLog log) {
        if (before != null) {
            throw new IllegalStateException("a chance node: apply one of the outcomes " + Arrays.toString(ids));
        }
        S snapshot = state.copy();
        run(state, snapshot, action, NONE, log);
    }

    /** Applies outcome {@code outcome} at the chance node; an outcome not listed changes nothing. */
    public void resolve(S state, int outcome, ChanceLog log) {
        if (!isOutcome(outcome)) {
            throw illegal(outcome);
        }
        S snapshot = before;
        int[] next = Arrays.copyOf(script, script.length + 1);
        next[script.length] = outcome;
        assign.assign(state, snapshot);
        run(state, snapshot, action, next, log);
    }

    private void run(S state, S snapshot, int stepId, int[] outcomes, ChanceLog log) {
        before = null;
        script = outcomes;
        cursor = 0;
        ids = NONE;
        weights = NONE;
        total = 0;
        List<Object[]> events = log == ChanceLog.NONE ? null : new ArrayList<>();
        ChanceLog buffer = events == null ? ChanceLog.NONE : (event, data) -> events.add(new Object[]{event, data});
        try {
            step.run(state, stepId, buffer);
        } catch (Stop stop) {
            before = snapshot;
            action = stepId;
            return;
        }
        script = NONE;
        cursor = 0;
        if (events != null) {
            for (Object[] e : events) {
                @SuppressWarnings("unchecked")
                Map<String, Object> data = (Map<String, Object>) e[1];
                log.chance((String) e[0], data);
            }
        }
    }

    // ------------------------------------------------------------------ equality and JSON

    /** Equal when at the same node: both decision nodes, or the same step from the same state with the same outcomes so far. */
    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ExplicitChance<?> e)) {
            return false;
        }
        if (before == null || e.before == null) {
            return before == null && e.before == null;
        }
        return action == e.action && Arrays.equals(script, e.script) && before.equals(e.before);
    }

    @Override
    public int hashCode() {
        return before == null ? 1 : 31 * Arrays.hashCode(script) + action;
    }

    /**
     * The mode as a state's JSON carries it (field {@code chance}): {@code {"mode": "explicit"}},
     * and at a chance node also {@code step} (a decision id, or {@code "deal"}), {@code chosen}
     * (the outcomes chosen so far in it) and, after a decision, {@code before} (the state before
     * the step, in the game's JSON format; the deal starts from the game's empty table). The
     * state's other fields are the table at the node, and a reader checks them against the step
     * replayed.
     */
    public Map<String, Object> toJson(java.util.function.Function<S, Object> json) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("mode", "explicit");
        if (before != null) {
            m.put("step", action == DEAL ? "deal" : (Object) action);
            List<Integer> chosen = new ArrayList<>();
            for (int o : script) {
                chosen.add(o);
            }
            m.put("chosen", chosen);
            if (action != DEAL) {
                m.put("before", json.apply(before));
            }
        }
        return m;
    }

    /** Checks a state JSON's field {@code chance}: its mode must be {@code explicit}. */
    public static void checkMode(Map<String, Object> chance) {
        if (!"explicit".equals(chance.get("mode"))) {
            throw new GameFormatException("chance.mode must be \"explicit\" (a sampled state has no field chance), not "
                    + chance.get("mode"));
        }
    }

    /** Whether a state JSON's field {@code chance} (null in the sampled mode) names a chance node. */
    public static boolean isNode(Map<String, Object> chance) {
        return chance != null && chance.containsKey("step");
    }

    /**
     * The chance node a state JSON's field {@code chance} names ({@link #toJson}), read as every game
     * reads it: the state before the step ({@code emptyTable} for the deal, else field {@code before}
     * read by {@code read}, which must be an explicit-mode decision node for which {@code sameGame}
     * holds), the step replayed with the outcomes chosen so far, and the result checked: its JSON
     * tree ({@code tree}) must be {@code written}, the tree of the JSON read. Anything else is a
     * {@link GameFormatException} saying what.
     */
    public static <S extends GameState<S>> S readNode(Map<String, Object> chance, Supplier<S> emptyTable,
                                                      Function<String, S> read, Predicate<S> sameGame,
                                                      Function<S, Object> tree, Object written) {
        S s = replayNode(chance, emptyTable, read, sameGame);
        if (!tree.apply(s).equals(written)) {
            throw new GameFormatException("chance: the step replayed from before gives another state than this one");
        }
        return s;
    }

    /**
     * The first part of {@link #readNode}, for a game that checks the result its own way: the state
     * before the step read and checked, and the step replayed to the chance node.
     */
    public static <S extends GameState<S>> S replayNode(Map<String, Object> chance, Supplier<S> emptyTable,
                                                        Function<String, S> read, Predicate<S> sameGame) {
        checkMode(chance);
        S before;
        if ("deal".equals(chance.get("step"))) {
            before = emptyTable.get();
        } else if (chance.get("before") instanceof Map<?, ?> b) {
            before = read.apply(Json.write(b, false));
            if (before.explicitChance() == null || before.isChanceNode() || !sameGame.test(before)) {
                throw new GameFormatException("chance.before must be an explicit-mode state of this game at a"
                        + " decision node");
            }
        } else {
            throw new GameFormatException("chance.before must be the state before the step, as an object");
        }
        List<Integer> chosen = new ArrayList<>();
        if (chance.get("chosen") instanceof List<?> list) {
            for (Object o : list) {
                if (!(o instanceof Integer i)) {
                    throw new GameFormatException("chance.chosen must list outcome ids, not " + o);
                }
                chosen.add(i);
            }
        } else {
            throw new GameFormatException("chance.chosen must list the outcomes chosen so far");
        }
        S s = before.copy();
        s.explicitChance().readNode(s, before, chance.get("step"), chosen);
        return s;
    }

    /**
     * Puts {@code state} (read from JSON, in explicit mode) at the chance node the JSON's
     * {@code chance} field names: the step is run from {@code before} with the outcomes chosen so
     * far; an inconsistent field is a {@link GameFormatException}.
     */
    public void readNode(S state, S beforeState, Object stepField, List<Integer> chosen) {
        int stepId;
        if ("deal".equals(stepField)) {
            stepId = DEAL;
        } else if (stepField instanceof Number n) {
            stepId = n.intValue();
        } else {
            throw new GameFormatException("chance.step must be a decision id or \"deal\", not " + stepField);
        }
        int[] outs = new int[chosen == null ? 0 : chosen.size()];
        for (int i = 0; i < outs.length; i++) {
            outs[i] = Objects.requireNonNull(chosen.get(i), "chance.chosen[" + i + "]");
        }
        assign.assign(state, beforeState);
        try {
            run(state, beforeState, stepId, outs, ChanceLog.NONE);
        } catch (RuntimeException e) {
            throw new GameFormatException("chance: the step " + stepField + " with outcomes " + chosen
                    + " cannot be replayed from before: " + e.getMessage());
        }
        if (before == null) {
            throw new GameFormatException("chance: the step " + stepField + " with outcomes " + chosen
                    + " completes; it is no chance node");
        }
    }
}
