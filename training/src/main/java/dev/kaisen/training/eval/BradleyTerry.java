package dev.kaisen.training.eval;

/**
 * Elo ratings with uncertainty from pairwise results: the maximum-likelihood Bradley-Terry
 * model {@code P(i beats j) = 1 / (1 + 10^((R_j - R_i) / 400))}, fitted by Newton's method
 * with draws counted as half a win for each side. Ratings are centred on 1500 (their mean);
 * standard errors come from the inverse Fisher information under that centring.
 */
public final class BradleyTerry {
    private static final double SCALE = 400 / Math.log(10);
    /** Precision of the prior on natural-log strengths (variance 20: it moves real estimates by well under 1 Elo). */
    static final double PRIOR_PRECISION = 0.05;

    /** Ratings and their standard errors, in Elo points. */
    public record Ratings(double[] elo, double[] standardError) {
    }

    private final int n;
    /** wins[i][j]: points i scored against j (a draw is 0.5 each). */
    private final double[][] wins;

    public BradleyTerry(int players) {
        this.n = players;
        this.wins = new double[players][players];
    }

    /** Records one game between i and j: score 1 (i won), 0.5 (draw) or 0 (j won). */
    public void add(int i, int j, double scoreOfI) {
        if (i == j) {
            return;
        }
        wins[i][j] += scoreOfI;
        wins[j][i] += 1 - scoreOfI;
    }

    /** Records {@code games} games between i and j in which i scored {@code pointsOfI} in all. */
    public void add(int i, int j, double pointsOfI, int games) {
        if (i == j || games == 0) {
            return;
        }
        if (pointsOfI < 0 || pointsOfI > games) {
            throw new IllegalArgumentException("points " + pointsOfI + " out of 0.." + games);
        }
        wins[i][j] += pointsOfI;
        wins[j][i] += games - pointsOfI;
    }

    public double points(int i, int j) {
        return wins[i][j];
    }

    public Ratings fit() {
        double[] theta = new double[n]; // natural-log strengths
        double[][] information = new double[n][n];
        for (int iteration = 0; iteration < 200; iteration++) {
            double[] gradient = new double[n];
            likelihood(theta, gradient, information);
            // A weak Gaussian prior on the strengths keeps records without a loss finite.
            double[][] curvature = new double[n][];
            for (int i = 0; i < n; i++) {
                gradient[i] -= PRIOR_PRECISION * theta[i];
                curvature[i] = information[i].clone();
                curvature[i][i] += PRIOR_PRECISION;
            }
            double[] step = solve(curvature, gradient);
            double size = 0;
            for (int i = 0; i < n; i++) {
                theta[i] += step[i];
                size = Math.max(size, Math.abs(step[i]));
            }
            if (size < 1e-10) {
                break;
            }
        }
        double mean = 0;
        for (double t : theta) {
            mean += t / n;
        }
        likelihood(theta, new double[n], information);
        double[] se = centredStandardErrors(information);
        double[] elo = new double[n];
        for (int i = 0; i < n; i++) {
            elo[i] = 1500 + SCALE * (theta[i] - mean);
            se[i] *= SCALE;
        }
        return new Ratings(elo, se);
    }

    /** The log-likelihood's gradient and its Fisher information (minus its Hessian) at {@code theta}, overwritten. */
    private void likelihood(double[] theta, double[] gradient, double[][] information) {
        for (double[] row : information) {
            java.util.Arrays.fill(row, 0);
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double games = wins[i][j] + wins[j][i];
                if (i == j || games == 0) {
                    continue;
                }
                double p = 1 / (1 + Math.exp(theta[j] - theta[i]));
                gradient[i] += wins[i][j] - games * p;
                double w = games * p * (1 - p);
                information[i][i] += w;
                information[i][j] -= w;
            }
        }
    }

    /**
     * Standard errors of the centred strengths: with the constraint sum(theta) = 0, the
     * covariance is the Moore-Penrose pseudo-inverse of the (singular) information matrix,
     * computed as (I + J/n)^-1 - J/n with J the all-ones matrix.
     */
    private double[] centredStandardErrors(double[][] information) {
        double[][] shifted = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                shifted[i][j] = information[i][j] + 1.0 / n;
            }
        }
        double[] se = new double[n];
        for (int i = 0; i < n; i++) {
            double[] unit = new double[n];
            unit[i] = 1;
            double[] column = solve(shifted, unit);
            se[i] = Math.sqrt(Math.max(0, column[i] - 1.0 / n));
        }
        return se;
    }

    /** Solves a x = b by Gaussian elimination with partial pivoting (small, dense systems). */
    static double[] solve(double[][] a, double[] b) {
        int n = b.length;
        double[][] m = new double[n][n + 1];
        for (int i = 0; i < n; i++) {
            System.arraycopy(a[i], 0, m[i], 0, n);
            m[i][n] = b[i];
        }
        for (int col = 0; col < n; col++) {
            int pivot = col;
            for (int r = col + 1; r < n; r++) {
                if (Math.abs(m[r][col]) > Math.abs(m[pivot][col])) {
                    pivot = r;
                }
            }
            double[] t = m[col];
            m[col] = m[pivot];
            m[pivot] = t;
            if (Math.abs(m[col][col]) < 1e-300) {
                throw new ArithmeticException("singular system");
            }
            for (int r = 0; r < n; r++) {
                if (r != col) {
                    double f = m[r][col] / m[col][col];
                    for (int c = col; c <= n; c++) {
                        m[r][c] -= f * m[col][c];
                    }
                }
            }
        }
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = m[i][n] / m[i][i];
        }
        return x;
    }
}
