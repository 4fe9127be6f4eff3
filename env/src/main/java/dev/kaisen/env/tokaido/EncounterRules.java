package dev.kaisen.env.tokaido;

import dev.kaisen.env.ChanceLog;

import static dev.kaisen.env.tokaido.TokaidoState.ENCOUNTER;
import static dev.kaisen.env.tokaido.TokaidoState.SOUVENIR;

/** Rules, "Encounter": drawing and resolving an encounter, and Yoshiyasu's choice of two. */
final class EncounterRules {
    private EncounterRules() {
    }

    /**
     * Rules, "Encounter": draw and resolve; Yoshiyasu draws 2 and keeps 1 ([decision] with one
     * card left he resolves it). Returns whether a decision is now pending.
     */
    static boolean encounter(TokaidoState s, int p, ChanceLog chance) {
        int left = s.deckSize[ENCOUNTER];
        if (left == 0) {
            return false;
        }
        if (s.has(p, Traveller.YOSHIYASU) && left >= 2) {
            for (int i = 0; i < 2; i++) {
                s.drawnEncounters[i] = TokaidoRules.draw(s, ENCOUNTER, "choice", p, chance);
            }
            s.phase = Phase.CHOOSE_ENCOUNTER;
            return true;
        }
        int card = TokaidoRules.draw(s, ENCOUNTER, "player", p, chance);
        return resolve(s, p, card, chance);
    }

    /** Yoshiyasu: the kinds of the two drawn encounters (one action when both are of one kind). */
    static int legalKeepEncounter(TokaidoState s, int[] out) {
        int a = Decks.encounterKind(s.drawnEncounters[0]);
        int b = Decks.encounterKind(s.drawnEncounters[1]);
        out[0] = TokaidoAction.ENCOUNTER + Math.min(a, b);
        if (a == b) {
            return 1;
        }
        out[1] = TokaidoAction.ENCOUNTER + Math.max(a, b);
        return 2;
    }

    /** Yoshiyasu keeps the encounter of that kind; [decision] the other goes under the deck (seen by all). */
    static void keepEncounter(TokaidoState s, int kind, ChanceLog chance) {
        int[] drawn = s.drawnEncounters;
        int keep = Decks.encounterKind(drawn[0]) == kind ? 0 : 1;
        int card = drawn[keep];
        TokaidoRules.toBottom(s, ENCOUNTER, drawn[1 - keep], chance);
        drawn[0] = -1;
        drawn[1] = -1;
        if (!resolve(s, s.current, card, chance)) {
            TokaidoRules.afterBenefit(s, chance);
        }
    }

    /**
     * Rules, "Encounter": Shokunin (a free souvenir from the deck, scored as usual), Annaibito (the
     * next card of the shown panorama; [decision] if complete, the next card of any incomplete
     * panorama of the player's choice, nothing if all are complete), Samurai (+3 points), Kuge
     * (+3 coins), Miko (1 coin from the supply donated: +1 point, [decision] counts for the
     * ranking). Umegae: +1 coin and +1 point at each encounter. Returns whether a decision is pending.
     */
    private static boolean resolve(TokaidoState s, int p, int card, ChanceLog chance) {
        s.giveTo(p, ENCOUNTER, card);
        s.encounters[p]++;
        if (s.has(p, Traveller.UMEGAE)) {
            s.coins[p]++;
            s.points[p]++;
        }
        int kind = Decks.encounterKind(card);
        switch (kind) {
            case Decks.SHOKUNIN:
                if (s.deckSize[SOUVENIR] > 0) {
                    VillageRules.gainSouvenir(s, p, TokaidoRules.draw(s, SOUVENIR, "player", p, chance));
                }
                return false;
            case Decks.ANNAIBITO_PADDY:
            case Decks.ANNAIBITO_MOUNTAIN:
            case Decks.ANNAIBITO_SEA: {
                int type = kind - Decks.ANNAIBITO_PADDY;
                if (!s.panoramaComplete(p, type)) {
                    TokaidoRules.takePanorama(s, p, type);
                    return false;
                }
                return TokaidoRules.choosePanoramaIfAny(s, p);
            }
            case Decks.SAMURAI:
                s.points[p] += 3;
                return false;
            case Decks.KUGE:
                s.coins[p] += 3;
                return false;
            default: // Miko
                s.donated[p]++;
                s.points[p]++;
                return false;
        }
    }
}
