package dev.kaisen.env.merchants;

import java.util.Arrays;

import static dev.kaisen.env.merchants.MerchantsState.NONE;

/**
 * The movement turn's scratch (action 3, {@link Phase#MOVE}): the tile played, the points and
 * courier steps left, the wagon under way with the places it has passed.
 */
final class MoveTurn {
    boolean tilePlayed;
    /** The tile played that still waits for a wagon (0: none). */
    int pendingTile;
    /** Driver, Coach Driver and Wheelwright points left. */
    int extraPoints;
    /** Courier steps left this turn. */
    int courierLeft;
    /** Steps of the courier's run so far (0: not started). */
    int courierRun;
    boolean courierDone;
    /** The wagon an influence draw bars from moving again this turn, or -1. */
    int blockedWagon = NONE;
    /** The wagon under way (waiting at a fork), or -1. */
    int movingWagon = NONE;
    int movePoints;
    /** Who moves the wagon under way, or -1. */
    int mover = NONE;
    /** The places the moving wagon has passed this move (the back-up path); sized by the data's longest move. */
    final int[] path;
    int pathLen;
    /** The moving wagon's previous place when it started. */
    int startPrev;

    MoveTurn(int pathCapacity) {
        path = new int[pathCapacity];
    }

    MoveTurn copy() {
        MoveTurn t = new MoveTurn(path.length);
        t.copyFrom(this);
        return t;
    }

    /** Makes this turn a copy of {@code o} (a turn of the same game: the same path capacity). */
    void copyFrom(MoveTurn o) {
        tilePlayed = o.tilePlayed;
        pendingTile = o.pendingTile;
        extraPoints = o.extraPoints;
        courierLeft = o.courierLeft;
        courierRun = o.courierRun;
        courierDone = o.courierDone;
        blockedWagon = o.blockedWagon;
        movingWagon = o.movingWagon;
        movePoints = o.movePoints;
        mover = o.mover;
        System.arraycopy(o.path, 0, path, 0, path.length);
        pathLen = o.pathLen;
        startPrev = o.startPrev;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MoveTurn t && tilePlayed == t.tilePlayed && pendingTile == t.pendingTile
                && extraPoints == t.extraPoints && courierLeft == t.courierLeft && courierRun == t.courierRun
                && courierDone == t.courierDone && blockedWagon == t.blockedWagon && movingWagon == t.movingWagon
                && movePoints == t.movePoints && mover == t.mover && pathLen == t.pathLen && startPrev == t.startPrev
                && Arrays.equals(path, 0, pathLen, t.path, 0, t.pathLen);
    }

    @Override
    public int hashCode() {
        return ((pendingTile * 31 + extraPoints) * 31 + courierLeft) * 31 + movingWagon;
    }
}
