package dev.kaisen.env.osaka;

/** Setup step 6 under way (phase {@link Phase#CHOOSE_TOKEN}): starting tokens still to be picked. */
record TokenPicks(int left) {
    /** No pick under way (every phase after setup). */
    static final TokenPicks NONE = new TokenPicks(0);

    /** One pick fewer. */
    TokenPicks picked() {
        return new TokenPicks(left - 1);
    }
}
