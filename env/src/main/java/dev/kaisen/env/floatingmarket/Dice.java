package dev.kaisen.env.floatingmarket;

/**
 * The dice (rules, "Components"): each player's five, a d4, a d6, a d10 (faces 0-9), a d12 and
 * a white negative d6 (faces -1..-6); the board's d12 and negative d6; the Ama dice, ordinary d6
 * ([decision] of the rules file).
 */
public final class Dice {
    public static final int D4 = 0;
    public static final int D6 = 1;
    public static final int D10 = 2;
    public static final int D12 = 3;
    public static final int NEG_D6 = 4;
    public static final int PLAYER_DICE = 5;
    public static final String[] KEYS = {"d4", "d6", "d10", "d12", "neg-d6"};
    /** Lowest and highest face of each player die kind. */
    public static final int[] LOW = {1, 1, 0, 1, -6};
    public static final int[] HIGH = {4, 6, 9, 12, -1};

    private Dice() {
    }

    public static int faces(int kind) {
        return HIGH[kind] - LOW[kind] + 1;
    }
}
