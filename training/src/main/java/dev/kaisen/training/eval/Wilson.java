package dev.kaisen.training.eval;

/** The Wilson score interval for a binomial proportion (Wilson 1927). */
public final class Wilson {
    /** z for a two-sided 95% interval. */
    public static final double Z95 = 1.959963984540054;

    private Wilson() {
    }

    /** [low, high] for {@code successes} out of {@code trials} (successes may be fractional, e.g. shared wins). */
    public static double[] interval(double successes, double trials, double z) {
        if (trials <= 0) {
            return new double[] {0, 1};
        }
        double p = successes / trials;
        double z2 = z * z;
        double denominator = 1 + z2 / trials;
        double centre = (p + z2 / (2 * trials)) / denominator;
        double half = z * Math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator;
        return new double[] {Math.max(0, centre - half), Math.min(1, centre + half)};
    }

    public static double[] interval95(double successes, double trials) {
        return interval(successes, trials, Z95);
    }
}
