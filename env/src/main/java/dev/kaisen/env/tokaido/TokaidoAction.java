package dev.kaisen.env.tokaido;

import dev.kaisen.env.Game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * The fixed action table of Tokaido: 94 ids, the same for 2 to 5 players.
 * <pre>
 *   0- 1  keep:first|second  setup: keep the dealt tile with the lower (first) or higher (second) id;
 *                          the dealt pair is hidden from the others, so the ids name no tile
 *   2-55  move:K              move the traveller to position K (1..54)
 *  56-58  souvenir:I          village: buy the revealed souvenir in slot I (0..2) at its price
 *  59-61  souvenir-zen:I      village, Zen-emon: buy slot I for 1 coin (once per village)
 *  62-64  donate:K            temple: donate K coins (1..3)
 *  65-67  donate-supply:K     temple, Hirotada: donate K coins and 1 more from the supply
 *  68-81  meal:KIND           inn: buy the offered meal of that kind
 *     82  satsuki-eat         inn, Satsuki: eat the meal she drew, free
 *  83-85  panorama:TYPE       Annaibito on a completed panorama, or Hiroshige: take the next card of TYPE
 *  86-92  encounter:KIND      Yoshiyasu: keep the drawn encounter of that kind
 *     93  pass                stop buying souvenirs / buy no meal / decline Satsuki's free meal
 * </pre>
 */
public final class TokaidoAction {
    public static final int KEEP = 0;
    /** Keep the dealt tile with the lower id ({@code KEEP}) or the higher ({@code KEEP + 1}). */
    public static final int KEEP_SECOND = KEEP + 1;
    public static final int MOVE = KEEP + 2;
    /** Action {@code MOVE + k - 1} moves to position k. */
    public static final int SOUVENIR = MOVE + Board.POSITIONS - 1;
    public static final int SOUVENIR_ZEN = SOUVENIR + 3;
    public static final int DONATE = SOUVENIR_ZEN + 3;
    public static final int DONATE_SUPPLY = DONATE + 3;
    public static final int MEAL = DONATE_SUPPLY + 3;
    public static final int SATSUKI_EAT = MEAL + Decks.MEAL_KINDS;
    public static final int PANORAMA = SATSUKI_EAT + 1;
    public static final int ENCOUNTER = PANORAMA + Decks.PANORAMA_TYPES;
    public static final int PASS = ENCOUNTER + Decks.ENCOUNTER_KINDS;
    public static final int COUNT = PASS + 1;

    private static final String[] NAMES = new String[COUNT];
    public static final List<Game.ActionEntry> TABLE;

    static {
        List<Game.ActionEntry> e = new ArrayList<>();
        for (int a = 0; a < COUNT; a++) {
            String name;
            String meaning;
            if (a < MOVE) {
                name = a == KEEP ? "keep:first" : "keep:second";
                meaning = "setup: keep the " + (a == KEEP ? "first" : "second") + " of the two traveller tiles dealt "
                        + "(ordered by tile id: " + (a == KEEP ? "the lower" : "the higher") + "); the others do not see them";
            } else if (a < SOUVENIR) {
                int k = a - MOVE + 1;
                name = "move:" + k;
                meaning = "move the traveller to position " + k + " (" + Board.kind(k).name().toLowerCase(Locale.ROOT)
                        + (Board.isDouble(k) ? ", double" : "") + ")";
            } else if (a < SOUVENIR_ZEN) {
                name = "souvenir:" + (a - SOUVENIR);
                meaning = "village: buy the revealed souvenir in slot " + (a - SOUVENIR) + " at its price";
            } else if (a < DONATE) {
                name = "souvenir-zen:" + (a - SOUVENIR_ZEN);
                meaning = "village, Zen-emon's power: buy the souvenir in slot " + (a - SOUVENIR_ZEN)
                        + " for 1 coin (once per village)";
            } else if (a < DONATE_SUPPLY) {
                name = "donate:" + (a - DONATE + 1);
                meaning = "temple: donate " + (a - DONATE + 1) + " coin(s), 1 point each";
            } else if (a < MEAL) {
                name = "donate-supply:" + (a - DONATE_SUPPLY + 1);
                meaning = "temple, Hirotada's power: donate " + (a - DONATE_SUPPLY + 1)
                        + " coin(s) and 1 more from the supply, 1 point each";
            } else if (a < SATSUKI_EAT) {
                name = "meal:" + Decks.MEAL_NAMES[a - MEAL];
                meaning = "inn: buy the offered meal " + Decks.MEAL_NAMES[a - MEAL] + " (6 points)";
            } else if (a == SATSUKI_EAT) {
                name = "satsuki-eat";
                meaning = "inn, Satsuki's power: eat the meal she drew, free (6 points)";
            } else if (a < ENCOUNTER) {
                name = "panorama:" + Decks.PANORAMA_NAMES[a - PANORAMA];
                meaning = "take the next " + Decks.PANORAMA_NAMES[a - PANORAMA]
                        + " panorama card (Annaibito on a completed panorama, or Hiroshige at an inn)";
            } else if (a < PASS) {
                name = "encounter:" + Decks.ENCOUNTER_NAMES[a - ENCOUNTER];
                meaning = "Yoshiyasu's power: keep and resolve the drawn encounter " + Decks.ENCOUNTER_NAMES[a - ENCOUNTER]
                        + " (the other goes to the bottom)";
            } else {
                name = "pass";
                meaning = "stop buying souvenirs, buy no meal, or decline Satsuki's free meal";
            }
            NAMES[a] = name;
            e.add(new Game.ActionEntry(a, name, meaning));
        }
        TABLE = Collections.unmodifiableList(e);
    }

    private TokaidoAction() {
    }

    public static String name(int action) {
        return action >= 0 && action < COUNT ? NAMES[action] : "invalid:" + action;
    }

    public static int move(int position) {
        return MOVE + position - 1;
    }
}
