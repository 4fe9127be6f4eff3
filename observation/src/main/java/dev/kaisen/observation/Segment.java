package dev.kaisen.observation;

/** A named, documented slice {@code [offset, offset + length)} of an observation vector. */
public record Segment(String name, int offset, int length, String meaning) {
    public int end() {
        return offset + length;
    }
}
