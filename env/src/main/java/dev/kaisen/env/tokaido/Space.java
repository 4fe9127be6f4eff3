package dev.kaisen.env.tokaido;

/** The kinds of space on the road (rules, "Board" and "Spaces"). */
public enum Space {
    INN('I'), VILLAGE('V'), TEMPLE('T'), ENCOUNTER('E'), PADDY('P'), MOUNTAIN('M'), SEA('S'), HOT_SPRING('H'), FARM('F');

    /** The letter of the rules file's board key. */
    public final char letter;

    Space(char letter) {
        this.letter = letter;
    }

    public static final int COUNT = values().length;

    /** The panorama type of a panorama space (0 paddy, 1 mountain, 2 sea), else -1. */
    public int panorama() {
        return this == PADDY ? 0 : this == MOUNTAIN ? 1 : this == SEA ? 2 : -1;
    }
}
