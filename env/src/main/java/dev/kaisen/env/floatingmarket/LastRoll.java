package dev.kaisen.env.floatingmarket;

import java.util.Arrays;

/**
 * The last roll of the pool: its total, the location it activated ({@link FloatingMarketState#EMPTY}
 * before the first roll), each die's face and the tiles in it. {@code faces} has one slot per die,
 * {@link FloatingMarketState#NO_FACE} for a die not rolled: the players' dice by seat and kind
 * ({@link #playerSlot}), then the two Ama dice in roll order, the board's d12 and the board's
 * negative d6. A value: its array is never written after construction.
 */
record LastRoll(int total, int activated, int[] faces, boolean plus4, boolean minus2) {
    /** The slots after the players' dice: 2 Ama dice, the board's d12, the board's negative d6. */
    private static final int EXTRA_SLOTS = 4;

    /** Before the first roll of a game of {@code players}. */
    static LastRoll none(int players) {
        return new LastRoll(0, FloatingMarketState.EMPTY, noFaces(players), false, false);
    }

    /** A faces array of a game of {@code players}, every die not rolled. */
    static int[] noFaces(int players) {
        int[] faces = new int[players * Dice.PLAYER_DICE + EXTRA_SLOTS];
        Arrays.fill(faces, FloatingMarketState.NO_FACE);
        return faces;
    }

    static int playerSlot(int p, int kind) {
        return p * Dice.PLAYER_DICE + kind;
    }

    static int amaSlot(int players, int k) {
        return players * Dice.PLAYER_DICE + k;
    }

    static int boardD12Slot(int players) {
        return players * Dice.PLAYER_DICE + 2;
    }

    static int boardNegSlot(int players) {
        return players * Dice.PLAYER_DICE + 3;
    }

    private int players() {
        return (faces.length - EXTRA_SLOTS) / Dice.PLAYER_DICE;
    }

    int face(int p, int kind) {
        return faces[playerSlot(p, kind)];
    }

    int amaFace(int k) {
        return faces[amaSlot(players(), k)];
    }

    int boardD12Face() {
        return faces[boardD12Slot(players())];
    }

    int boardNegFace() {
        return faces[boardNegSlot(players())];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LastRoll r && total == r.total && activated == r.activated && plus4 == r.plus4
                && minus2 == r.minus2 && Arrays.equals(faces, r.faces);
    }

    @Override
    public int hashCode() {
        return (total * 31 + activated) * 31 + Arrays.hashCode(faces);
    }

    @Override
    public String toString() {
        return "LastRoll[total=" + total + ", activated=" + activated + ", faces=" + Arrays.toString(faces)
                + ", plus4=" + plus4 + ", minus2=" + minus2 + "]";
    }
}
