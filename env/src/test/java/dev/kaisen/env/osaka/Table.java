package dev.kaisen.env.osaka;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Test helper: lays out a Traders of Osaka table in the game's own words and builds a
 * validated state from it (through {@link OsakaJson#fromDto}, so every table is checked for
 * conservation). Cards are named by type ("B5", "Y2"); each call takes the next unused copy.
 * Cards not placed anywhere go to the draw pile after the ones given by {@link #drawPileTop},
 * in card-id order. Each player starts with one green achievement token unless
 * {@link #tokens} says otherwise. The built state is at the start of {@link #toAct}'s turn.
 */
final class Table {
    private final int players;
    private final boolean[] used = new boolean[Cards.COUNT];
    private final List<String> market = new ArrayList<>();
    private final List<String> farm = new ArrayList<>();
    private final List<String> drawTop = new ArrayList<>();
    private final List<String> discard = new ArrayList<>();
    private final List<List<String>> hands = new ArrayList<>();
    private final List<List<String>> goods = new ArrayList<>();
    private final List<List<String>> insured = new ArrayList<>();
    private final List<Map<String, Integer>> tokens = new ArrayList<>();
    private final String[] reserved;
    private final boolean[] tokensSet;
    private final Map<String, String> ships = new LinkedHashMap<>();
    private int active;
    private boolean restInHands;

    private Table(int players) {
        this.players = players;
        this.reserved = new String[players];
        this.tokensSet = new boolean[players];
        for (int p = 0; p < players; p++) {
            hands.add(new ArrayList<>());
            goods.add(new ArrayList<>());
            insured.add(new ArrayList<>());
            Map<String, Integer> t = new LinkedHashMap<>();
            t.put("green", 1);
            tokens.add(t);
        }
        for (Colour c : Colour.values()) {
            ships.put(key(c), Space.OSAKA.name());
        }
    }

    static Table players(int n) {
        return new Table(n);
    }

    static int type(String name) {
        return Cards.parseType(name);
    }

    private static String key(Colour c) {
        return c.name().toLowerCase(Locale.ROOT);
    }

    private String take(String type) {
        int t = Cards.parseType(type);
        for (int card = Cards.firstOfType(t); card < Cards.endOfType(t); card++) {
            if (!used[card]) {
                used[card] = true;
                return Cards.name(card);
            }
        }
        throw new IllegalArgumentException("no copy of " + type + " left");
    }

    private Table put(List<String> into, String... types) {
        for (String t : types) {
            into.add(take(t));
        }
        return this;
    }

    Table market(String... types) {
        return put(market, types);
    }

    /** A Market card carrying player p's reserve piece. */
    Table marketReservedBy(int p, String type) {
        String card = take(type);
        market.add(card);
        reserved[p] = card;
        return this;
    }

    Table farm(String... types) {
        return put(farm, types);
    }

    Table farmReservedBy(int p, String type) {
        String card = take(type);
        farm.add(card);
        reserved[p] = card;
        return this;
    }

    Table hand(int p, String... types) {
        return put(hands.get(p), types);
    }

    Table goods(int p, String... types) {
        return put(goods.get(p), types);
    }

    Table insuredGoods(int p, String... types) {
        return put(insured.get(p), types);
    }

    /** Sets player p's tokens of colour c (replacing the default green one on first use). */
    Table tokens(int p, Colour c, int count) {
        if (!tokensSet[p]) {
            tokens.get(p).clear();
            tokensSet[p] = true;
        }
        tokens.get(p).put(key(c), count);
        return this;
    }

    Table ship(Colour c, Space s) {
        ships.put(key(c), s.name());
        return this;
    }

    /** The next cards to be drawn, first listed on top. */
    Table drawPileTop(String... types) {
        return put(drawTop, types);
    }

    Table discardPile(String... types) {
        return put(discard, types);
    }

    /** Put every card not placed elsewhere into the hands (round robin) instead of the draw pile. */
    Table restInHands() {
        restInHands = true;
        return this;
    }

    Table toAct(int p) {
        active = p;
        return this;
    }

    OsakaState build() {
        List<String> draw = new ArrayList<>(drawTop);
        List<List<String>> handsOut = new ArrayList<>();
        for (List<String> h : hands) {
            handsOut.add(new ArrayList<>(h));
        }
        int next = 0;
        for (int card = 0; card < Cards.COUNT; card++) {
            if (!used[card]) {
                if (restInHands) {
                    handsOut.get(next++ % players).add(Cards.name(card));
                } else {
                    draw.add(Cards.name(card));
                }
            }
        }
        List<OsakaJson.SeatJson> seats = new ArrayList<>();
        for (int p = 0; p < players; p++) {
            seats.add(new OsakaJson.SeatJson(handsOut.get(p), goods.get(p), insured.get(p), 0, List.of(), List.of(), 0, tokens.get(p),
                    reserved[p]));
        }
        return OsakaJson.fromDto(new OsakaJson.StateJson(OsakaJson.STATE_FORMAT, players, "ACTION", active, active, 0, 0,
                0, List.of(), 0, 0, 0, "NONE", "0", ships, market, farm, draw, 0, discard, List.of(), seats, null));
    }

    @Override
    public String toString() {
        return "Table" + Arrays.asList(market, farm);
    }
}
