package dev.kaisen.env.osaka;

import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.ExplicitChance;
import dev.kaisen.env.Game.ActionEntry;
import dev.kaisen.env.RandomStream;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Traders of Osaka's explicit-chance mode ({@link dev.kaisen.env.ChanceMode#EXPLICIT}): its
 * chance outcome table, the events that ask the state's {@link ExplicitChance} instead of the
 * random stream, the moves of a state in this mode and the field copying its steps need, the
 * table before the deal, and determinization at a chance node.
 *
 * <p><b>Outcomes</b> (ids 0..15): {@code draw:<type>} (ids 0..11, the card types in type-id order,
 * named as {@link Cards#typeName}: {@code draw:B2 .. draw:G5}): the next card drawn from the draw
 * pile is of that type, weighted by how many cards of the type the pile holds; {@code start:<seat>}
 * (ids 12..15): that seat is the start player, equally likely among the seats tied on the smallest
 * starting hand (setup step 5). A tie of one seat is no chance node.
 *
 * <p><b>[decision] The grain: one card drawn, by type.</b> The draw pile is a multiset in this
 * mode: a shuffle (the deck at setup, the discard pile when the pile runs out) is no chance node,
 * and each draw is one, whose outcomes are the card types the pile still holds (copies of a type
 * are interchangeable for the rules: value, colour and insurance icons are the type's). A node
 * has at most 12 outcomes with exact weights, where a whole shuffle would have astronomically
 * many orders, and draws the same distribution as the sampled mode's top card of a shuffled pile.
 *
 * <p><b>[decision] Which copy a draw names.</b> A card still has an identity ({@code B5.3}) in
 * states, views and records, so the draw takes a canonical copy of the chosen type: the topmost
 * one in the pile's layout, moved to the top and drawn as the sampled mode draws. The layout is
 * made exactly as the sampled mode makes its pile order: the same random stream, the same calls
 * in the same order (the deck at setup, each discard pile when it becomes the pile, and the tied
 * start player's draw, whose number this mode throws away). So a record of the sampled mode,
 * replayed here through {@link OsakaGame#chanceOutcomesOf}, draws the very cards it did: the top
 * card is always of the type chosen. The layout never weighs an outcome: it only names copies.
 *
 * <p><b>Chance steps reported</b> ({@link ChanceLog}, once a step completes): as in the sampled
 * mode, {@code shuffle} (the layout, no outcome), {@code draw} (its card's type is the outcome)
 * and {@code start-player}.
 */
final class OsakaExplicit {
    private OsakaExplicit() {
    }

    static final int DRAW = 0;
    static final int START = DRAW + Cards.TYPES;
    static final int COUNT = START + OsakaConfig.MAX_PLAYERS;

    static final List<ActionEntry> TABLE = table();

    private static List<ActionEntry> table() {
        List<ActionEntry> t = new ArrayList<>();
        for (int type = 0; type < Cards.TYPES; type++) {
            t.add(new ActionEntry(t.size(), "draw:" + Cards.typeName(type), "the card drawn from the draw pile is a "
                    + Cards.typeName(type) + " (weight: the " + Cards.typeName(type) + " cards the pile holds)"));
        }
        for (int p = 0; p < OsakaConfig.MAX_PLAYERS; p++) {
            t.add(new ActionEntry(t.size(), "start:" + p, "seat " + p + " is the start player (among the seats tied"
                    + " on the smallest starting hand)"));
        }
        return List.copyOf(t);
    }

    /**
     * The outcome ids of a sampled chance step, in order: a {@code shuffle} gives none (no chance
     * node in this mode: the draws that follow are), a {@code draw} its card's type, a
     * {@code start-player} the seat chosen when more than one was tied (none otherwise).
     */
    static int[] outcomesOf(String event, Map<String, Object> data) {
        switch (event) {
            case "shuffle":
                return new int[0];
            case "draw": {
                Object card = data.get("card");
                try {
                    return new int[]{DRAW + Cards.type(Cards.parse(String.valueOf(card)))};
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("a draw's card " + card + ": " + e.getMessage());
                }
            }
            case "start-player": {
                List<?> tied = (List<?>) data.get("tied");
                Object chosen = data.get("chosen");
                if (tied == null || !(chosen instanceof Number n) || !tied.contains(chosen)) {
                    throw new IllegalArgumentException("a start-player step needs its tied seats and the chosen one"
                            + " among them, not " + data);
                }
                return tied.size() == 1 ? new int[0] : new int[]{START + n.intValue()};
            }
            default:
                throw new IllegalArgumentException("Traders of Osaka reports no chance event " + event
                        + " (its events: shuffle, draw, start-player)");
        }
    }

    // ------------------------------------------------------------------ the events (inside a step)

    /**
     * A draw's chance node: the type of the next card, weighted by the pile's cards of each type;
     * the topmost card of the type chosen is moved to the top (the others keep their order).
     */
    static void chooseTop(OsakaState s) {
        int[] ids = new int[Cards.TYPES];
        int[] weights = new int[Cards.TYPES];
        for (int t = 0; t < Cards.TYPES; t++) {
            ids[t] = DRAW + t;
        }
        for (int i = 0; i < s.drawSize; i++) {
            weights[Cards.type(s.draw[i])]++;
        }
        int type = s.explicit.choose(ids, weights, Cards.TYPES);
        int i = s.drawSize - 1;
        while (Cards.type(s.draw[i]) != type) {
            i--;
        }
        int card = s.draw[i];
        System.arraycopy(s.draw, i + 1, s.draw, i, s.drawSize - 1 - i);
        s.draw[s.drawSize - 1] = card;
    }

    /**
     * Setup step 5 among {@code count > 1} tied seats: the sampled mode draws from the stream; the
     * explicit mode makes a chance node, uniform over the tied seats, and draws the same number
     * from {@code layout} only to keep its stream in step with the sampled mode's.
     */
    static int startPlayer(OsakaState s, int[] tied, int count, RandomStream layout) {
        if (s.explicit == null) {
            return tied[layout.below(count)];
        }
        int[] ids = new int[count];
        int[] weights = new int[count];
        for (int i = 0; i < count; i++) {
            ids[i] = START + tied[i];
            weights[i] = 1;
        }
        int chosen = tied[s.explicit.choose(ids, weights, count)];
        layout.below(count);
        return chosen;
    }

    // ------------------------------------------------------------------ states of this mode

    /**
     * The explicit mode's move ({@link OsakaState#applyInPlace(int, ChanceLog)}): an outcome at a
     * chance node, or a legal decision, run by {@link ExplicitChance} (chance steps reported to
     * {@code chance} once the step completes).
     */
    static void apply(OsakaState s, int action, ChanceLog chance) {
        if (s.explicit.isChanceNode()) {
            s.explicit.resolve(s, action, chance);
            return;
        }
        if (!s.isLegal(action)) {
            throw s.illegal(action);
        }
        s.explicit.decide(s, action, chance);
    }

    /**
     * {@link OsakaState#applyInPlace(int, OsakaEvents)} in this mode: chance steps are reported
     * only as a {@link ChanceLog} reports them ({@link OsakaChance}).
     */
    static void applyReporting(OsakaState s, int action, OsakaEvents events) {
        if (events != OsakaEvents.NONE && !(events instanceof OsakaChance)) {
            throw new UnsupportedOperationException("the explicit-chance mode reports its chance steps to a"
                    + " ChanceLog, once a step completes");
        }
        apply(s, action, events instanceof OsakaChance c ? c.log() : ChanceLog.NONE);
    }

    /**
     * {@link OsakaState#sampledCopy}: a copy in the sampled mode; the piles no seat has seen get
     * an order drawn from {@code seed} ({@link OsakaState#reseed}) when {@code s} is in this mode.
     */
    static OsakaState sampledCopy(OsakaState s, long seed) {
        if (s.isChanceNode()) {
            throw new IllegalStateException("a chance node has no sampled form: apply one of its outcomes first");
        }
        OsakaState c = s.copy();
        if (c.explicit != null) {
            c.explicit = null;
            c.reseed(seed);
        }
        return c;
    }

    /** Sets every field but the explicit-chance bookkeeping to {@code o}'s (a state of as many players). */
    static void assign(OsakaState t, OsakaState o) {
        System.arraycopy(o.loc, 0, t.loc, 0, t.loc.length);
        System.arraycopy(o.draw, 0, t.draw, 0, t.draw.length);
        t.drawSize = o.drawSize;
        t.discardSize = o.discardSize;
        System.arraycopy(o.market, 0, t.market, 0, t.market.length);
        t.marketSize = o.marketSize;
        System.arraycopy(o.farm, 0, t.farm, 0, t.farm.length);
        t.farmSize = o.farmSize;
        System.arraycopy(o.reservedBy, 0, t.reservedBy, 0, t.reservedBy.length);
        System.arraycopy(o.reservedCard, 0, t.reservedCard, 0, t.reservedCard.length);
        System.arraycopy(o.ship, 0, t.ship, 0, t.ship.length);
        System.arraycopy(o.hand, 0, t.hand, 0, t.hand.length);
        System.arraycopy(o.goods, 0, t.goods, 0, t.goods.length);
        System.arraycopy(o.insured, 0, t.insured, 0, t.insured.length);
        System.arraycopy(o.handValue, 0, t.handValue, 0, t.handValue.length);
        System.arraycopy(o.handSize, 0, t.handSize, 0, t.handSize.length);
        System.arraycopy(o.discardByType, 0, t.discardByType, 0, t.discardByType.length);
        System.arraycopy(o.outByType, 0, t.outByType, 0, t.outByType.length);
        System.arraycopy(o.tokens, 0, t.tokens, 0, t.tokens.length);
        System.arraycopy(o.vp, 0, t.vp, 0, t.vp.length);
        System.arraycopy(o.vpWithoutCard, 0, t.vpWithoutCard, 0, t.vpWithoutCard.length);
        System.arraycopy(o.faceDownFrom, 0, t.faceDownFrom, 0, t.faceDownFrom.length);
        t.pileGeneration = o.pileGeneration;
        t.phase = o.phase;
        t.current = o.current;
        t.active = o.active;
        t.startPlayer = o.startPlayer;
        t.tokenPicks = o.tokenPicks;
        t.payment = o.payment;
        t.insurance = o.insurance;
        t.passStreak = o.passStreak;
        t.decisions = o.decisions;
        t.endReason = o.endReason;
        t.rng.setState(o.rng.state());
        t.invalidate();
    }

    /** The explicit mode's bookkeeping for a state of this game. */
    static ExplicitChance<OsakaState> newExplicitChance() {
        return new ExplicitChance<>((st, step, log) -> run(st, step, OsakaChance.of(log)), OsakaExplicit::assign);
    }

    /** One step in place: the deal, or a legal decision (its rules, as {@link OsakaRules#apply}). */
    private static void run(OsakaState s, int step, OsakaEvents events) {
        s.events = events;
        s.invalidate();
        try {
            if (step == ExplicitChance.DEAL) {
                OsakaRules.deal(s);
            } else {
                if (!s.isLegal(step)) {
                    throw s.illegal(step);
                }
                s.invalidate();
                OsakaRules.apply(s, step);
            }
        } finally {
            s.events = OsakaEvents.NONE;
            s.invalidate();
        }
    }

    /** A new game in this mode: the deal's first chance node. */
    static OsakaState newGame(OsakaConfig config, long seed) {
        OsakaState s = emptyTable(config.players(), seed);
        s.explicit.decide(s, ExplicitChance.DEAL, ChanceLog.NONE);
        return s;
    }

    /**
     * The table before the deal, the state the deal's chance nodes start from: the 108 cards in
     * the draw pile in card-id order (the deal lays them out), the stream at {@code rngState}, no
     * start player yet (seat 0 stands in) and every starting token still to pick.
     */
    static OsakaState emptyTable(int players, long rngState) {
        OsakaState s = new OsakaState(players);
        s.rng.setState(rngState);
        int[] deck = new int[Cards.COUNT];
        for (int c = 0; c < Cards.COUNT; c++) {
            deck[c] = c;
        }
        CardMoves.setDrawPile(s, deck, Cards.COUNT);
        s.tokenPicks = new TokenPicks(players);
        s.explicit = newExplicitChance();
        return s;
    }

    // ------------------------------------------------------------------ determinization at a chance node

    /** What one run of a step drew (card and place, in order) and after how many draws a discard pile was shuffled. */
    private static final class Recorder implements OsakaEvents {
        final List<int[]> draws = new ArrayList<>();
        int reshuffledAfter = -1;

        void clear() {
            draws.clear();
            reshuffledAfter = -1;
        }

        @Override
        public void drew(int card, Place place, int player) {
            draws.add(new int[]{card, place.ordinal()});
        }

        @Override
        public void shuffled(boolean fromDiscard, int[] topFirst) {
            if (fromDiscard && reshuffledAfter < 0) {
                reshuffledAfter = draws.size();
            }
        }
    }

    /**
     * A determinization of a chance node ({@link OsakaState#determinize}): a chance node of the
     * same step that no player can tell from this one, its unknowns resampled from {@code seed}.
     *
     * <p>[decision] Determinizing the state before the step and replaying the step's outcomes
     * would not do: a Market card drawn in the step shows that its type was in the pile, which the
     * state before the step does not know, and the draws could then name other copies. So the
     * state before the step is determinized knowing what the step has shown so far: the cards the
     * step drew face up (to the Market or Farm) stay in the pile, on top and in the order drawn; the
     * rest of the current pile's unknown cards (the pile and the VP cards drawn face down from it,
     * as {@link OsakaDeterminizer#determinize}) are shuffled over the other places, the VP cards the
     * step drew face down included (their outcomes are resampled: their type is the card laid on
     * top at their place in the order); earlier piles' face-down cards are permuted as usual. The
     * step is then replayed with those outcomes, which ends at this node's event. This is the
     * determinizer's posterior: the face-up draws were the top of a uniformly ordered pile.
     *
     * <p>[decision] One case keeps something hidden: when the step shuffled the discard pile into a
     * new pile before this node, the draws from the new pile are kept as they were (the
     * determinization keeps the true random stream, which lays out that pile as it did), face-down
     * VP cards among them included, until the step completes. The deal hides nothing from anyone
     * but the layout of the deck (every card it draws is shown), so at the deal's nodes the
     * determinization is the state itself.
     */
    static OsakaState determinizeNode(OsakaState s, long seed) {
        ExplicitChance<OsakaState> e = s.explicit;
        if (e.step() == ExplicitChance.DEAL) {
            return s.copy();
        }
        OsakaState before = e.before();
        int step = e.step();
        int[] chosen = e.chosen();
        // What the step did up to this node: its draws, their places, where a discard pile was shuffled.
        Recorder recorder = new Recorder();
        OsakaState replay = before.copy();
        replay.explicit = new ExplicitChance<>((st, a, log) -> {
            recorder.clear();
            run(st, a, recorder);
        }, OsakaExplicit::assign);
        replay.explicit.decide(replay, step, ChanceLog.NONE);
        for (int o : chosen) {
            replay.explicit.resolve(replay, o, ChanceLog.NONE);
        }
        if (recorder.draws.size() != chosen.length || !replay.equals(s)) {
            throw new IllegalStateException("unreachable: the chance node's step does not replay to it");
        }
        int fromPile = recorder.reshuffledAfter < 0 ? chosen.length : recorder.reshuffledAfter;
        int[] drawn = new int[fromPile];
        boolean[] faceUp = new boolean[fromPile];
        for (int i = 0; i < fromPile; i++) {
            drawn[i] = recorder.draws.get(i)[0];
            faceUp[i] = recorder.draws.get(i)[1] != OsakaEvents.Place.VP.ordinal();
        }
        OsakaState d = determinizeBefore(before, seed, drawn, faceUp);
        int[] outcomes = chosen.clone();
        for (int i = 0; i < fromPile; i++) {
            outcomes[i] = DRAW + Cards.type(d.draw[d.drawSize - 1 - i]);
        }
        if (fromPile < chosen.length) {
            d.rng.setState(before.rng.state());
        }
        d.explicit = newExplicitChance();
        d.explicit.decide(d, step, ChanceLog.NONE);
        for (int o : outcomes) {
            d.explicit.resolve(d, o, ChanceLog.NONE);
        }
        if (!d.isChanceNode()) {
            throw new IllegalStateException("unreachable: a determinized chance node's step completed");
        }
        return d;
    }

    /**
     * {@code b} (a decision node) with the unknowns of its current pile resampled from {@code seed},
     * knowing that its pile's top {@code drawn.length} cards are drawn next: those drawn face up
     * ({@code faceUp}) are the cards given; the others and the rest of the pile and of the face-down
     * VP cards of the current pile are shuffled; earlier piles as {@link OsakaDeterminizer}.
     */
    private static OsakaState determinizeBefore(OsakaState b, long seed, int[] drawn, boolean[] faceUp) {
        OsakaState d = b.copy();
        d.invalidate();
        d.rng.setState(seed);
        boolean[] shown = new boolean[Cards.COUNT];
        for (int i = 0; i < drawn.length; i++) {
            if (faceUp[i]) {
                shown[drawn[i]] = true;
            }
        }
        int[] pool = new int[Cards.COUNT];
        int k = 0;
        for (int card = 0; card < Cards.COUNT; card++) {
            if ((b.loc[card] == Loc.DRAW || b.faceDownFrom[card] == b.pileGeneration) && !shown[card]) {
                pool[k++] = card;
            }
        }
        d.rng.shuffle(pool, 0, k);
        int next = 0;
        int[] topFirst = new int[b.drawSize];
        for (int i = 0; i < b.drawSize; i++) {
            topFirst[i] = i < drawn.length && faceUp[i] ? drawn[i] : pool[next++];
            d.faceDownFrom[topFirst[i]] = OsakaState.NOT_FACE_DOWN;
        }
        CardMoves.setDrawPile(d, topFirst, b.drawSize);
        OsakaDeterminizer.dealFaceDown(d, b, pool, next, b.pileGeneration);
        OsakaDeterminizer.shuffleEarlierPiles(d, b, pool);
        return d;
    }
}
