"""Tests of the comparison and reporting logic of the benchmarks, on synthetic data: nothing
is built or run. `make bench-test` (part of `make test`) runs them:

    python3 -m unittest discover -s Benchmarks -p 'test_*.py'
"""
import json
import math
import os
import random
import tempfile
import unittest

import compare_stats as stats
import report

try:
    from scipy.stats import mannwhitneyu
except ImportError:  # the cross-check below is skipped
    mannwhitneyu = None


class RankTests(unittest.TestCase):
    def test_ties_share_the_mean_rank(self):
        self.assertEqual(stats.ranks([3.0, 1.0, 3.0, 2.0]), [3.5, 1.0, 3.5, 2.0])
        self.assertEqual(stats.tie_sizes([1, 2, 2, 3, 3, 3]), [2, 3])

    def test_the_null_distribution_counts_every_ranking_once(self):
        for m, n in [(1, 1), (3, 4), (9, 9), (5, 12)]:
            counts = stats.u_distribution(m, n)
            self.assertEqual(sum(counts), math.comb(m + n, m))
            self.assertEqual(counts, counts[::-1])  # symmetric about mn/2

    def test_small_distribution_by_hand(self):
        # Two samples of two: of the six rankings, U = 0, 1, 2, 2, 3, 4.
        self.assertEqual(stats.u_distribution(2, 2), [1, 1, 2, 1, 1])


class UTestTests(unittest.TestCase):
    def test_complete_separation_of_nine_and_nine(self):
        u, p = stats.mann_whitney_u(range(9), range(10, 19))
        self.assertEqual(u, 0)
        self.assertAlmostEqual(p, 2 / math.comb(18, 9), places=15)

    def test_identical_samples_are_not_significant(self):
        self.assertEqual(stats.mann_whitney_u([1.0] * 9, [1.0] * 9), (40.5, 1.0))
        _, p = stats.mann_whitney_u([1, 2, 3, 4], [1, 2, 3, 4])
        self.assertEqual(p, 1.0)

    def test_the_test_is_symmetric(self):
        a, b = [1.1, 2.3, 0.7, 4.0, 3.3], [2.0, 5.1, 3.9, 6.2]
        ua, pa = stats.mann_whitney_u(a, b)
        ub, pb = stats.mann_whitney_u(b, a)
        self.assertEqual(ua + ub, len(a) * len(b))
        self.assertAlmostEqual(pa, pb, places=15)

    def test_normal_approximation_past_the_exact_limit(self):
        a = list(range(0, 60, 2))
        b = list(range(1, 61, 2))
        _, p = stats.mann_whitney_u(a, b)
        self.assertGreater(p, 0.5)  # interleaved samples
        _, p = stats.mann_whitney_u(list(range(30)), list(range(100, 130)))
        self.assertLess(p, 1e-9)

    @unittest.skipIf(mannwhitneyu is None, "scipy is not installed")
    def test_agrees_with_scipy(self):
        rng = random.Random(45)
        for _ in range(400):
            m, n = rng.randint(1, 25), rng.randint(1, 25)
            a = [rng.gauss(1.0, 0.1) for _ in range(m)]
            b = [rng.gauss(rng.choice([1.0, 1.1]), 0.1) for _ in range(n)]
            if rng.random() < 0.3:  # ties
                a, b = [round(x, 1) for x in a], [round(x, 1) for x in b]
            u, p = stats.mann_whitney_u(a, b)
            exact = not stats.tie_sizes(a + b) and m + n <= stats.EXACT_LIMIT
            expected = mannwhitneyu(a, b, alternative="two-sided", method="exact" if exact else "asymptotic")
            self.assertAlmostEqual(u, expected.statistic, places=9)
            self.assertAlmostEqual(p, expected.pvalue, places=9)


class VerdictTests(unittest.TestCase):
    def test_thresholds(self):
        self.assertEqual(stats.time_verdict(0.05, 0.01, 0.05, 0.05), stats.REGRESSION)
        self.assertEqual(stats.time_verdict(0.049, 0.0001, 0.05, 0.05), stats.UNCHANGED)
        self.assertEqual(stats.time_verdict(0.30, 0.05, 0.05, 0.05), stats.UNCHANGED)  # not significant
        self.assertEqual(stats.time_verdict(-0.06, 0.01, 0.05, 0.05), stats.IMPROVEMENT)
        self.assertEqual(stats.time_verdict(None, 0.0, 0.05, 0.05), stats.UNCHANGED)

    def test_instruction_counts_are_compared_exactly(self):
        self.assertEqual(stats.instruction_verdict(1000, 1000, 0.05), stats.SAME)
        self.assertEqual(stats.instruction_verdict(1000, 1001, 0.05), stats.UNCHANGED)
        self.assertEqual(stats.instruction_verdict(1000, 1051, 0.05), stats.REGRESSION)
        self.assertEqual(stats.instruction_verdict(1000, 949, 0.05), stats.IMPROVEMENT)
        entries = stats.compare_instructions({"a": 10, "b": 5}, {"a": 10, "c": 7}, 0.05)
        self.assertEqual([(e["workload"], e["verdict"]) for e in entries], [("a", "same"), ("b", "gone"), ("c", "new")])
        failed = stats.compare_instructions({"a": 10}, {"a": None}, 0.05)
        self.assertEqual(failed[0]["verdict"], stats.FAILED)

    def test_synthetic_slowdown_is_flagged_and_noise_is_not(self):
        rng = random.Random(7)
        flagged_slow = flagged_same = 0
        trials = 200
        for _ in range(trials):
            base = [rng.lognormvariate(0, 0.03) for _ in range(9)]
            same = [rng.lognormvariate(0, 0.03) for _ in range(9)]
            slow = [1.2 * rng.lognormvariate(0, 0.03) for _ in range(9)]
            flagged_slow += stats.compare_times("x", base, slow, 0.05, 0.05)["verdict"] == stats.REGRESSION
            flagged_same += stats.compare_times("x", base, same, 0.05, 0.05)["verdict"] != stats.UNCHANGED
        self.assertEqual(flagged_slow, trials)
        self.assertEqual(flagged_same, 0)  # 3% noise: a 5% median change is out of reach

    def test_significant_but_small_changes_stay_unchanged(self):
        base = [1.00 + 0.001 * i for i in range(9)]
        head = [1.03 + 0.001 * i for i in range(9)]
        entry = stats.compare_times("x", base, head, 0.05, 0.05)
        self.assertLess(entry["p_value"], 0.001)
        self.assertEqual(entry["verdict"], stats.UNCHANGED)


class CorrectionTests(unittest.TestCase):
    def test_benjamini_hochberg_by_hand(self):
        adjusted = stats.benjamini_hochberg([0.01, 0.04, 0.03, 0.005])
        for got, expected in zip(adjusted, [0.02, 0.04, 0.04, 0.02]):
            self.assertAlmostEqual(got, expected, places=15)
        self.assertEqual(stats.benjamini_hochberg([]), [])

    def run_of(self, rng, slowed, count=139):
        """A synthetic run of `count` benchmarks, shaped as measured: 2% noise, and one
        process in three 8% slower (where a process lands in memory); the benchmark
        `slowed` is 20% slower in HEAD."""

        def sample():
            time = rng.lognormvariate(0, 0.02)
            return time * 1.08 if rng.random() < 1 / 3 else time

        entries = []
        for k in range(count):
            base = [sample() for _ in range(9)]
            head = [sample() * (1.2 if k == slowed else 1) for _ in range(9)]
            entries.append(stats.compare_times(f"b{k}", base, head, 0.05, 0.05))
        return entries

    def test_the_adjustment_keeps_chance_out_and_a_real_change_in(self):
        rng = random.Random(45)
        raw_alarms = adjusted_alarms = found = 0
        for _ in range(20):
            entries = self.run_of(rng, slowed=7)
            raw_alarms += sum(e["verdict"] != stats.UNCHANGED for e in entries if e["name"] != "b7")
            stats.adjust(entries, 0.05, 0.05)
            adjusted_alarms += sum(e["verdict"] != stats.UNCHANGED for e in entries if e["name"] != "b7")
            found += entries[7]["verdict"] == stats.REGRESSION
        # Twenty runs of 138 unchanged benchmarks: by chance, dozens of raw p < 0.05 with a
        # median 5% off; adjusted, the false discovery rate is held at 5%.
        self.assertGreater(raw_alarms, 20)
        self.assertLessEqual(adjusted_alarms, 2)
        self.assertEqual(found, 20)

    def test_no_correction_keeps_the_raw_verdicts(self):
        entries = self.run_of(random.Random(1), slowed=0, count=20)
        before = [e["verdict"] for e in entries]
        stats.adjust(entries, 0.05, 0.05, correction="none")
        self.assertEqual([e["verdict"] for e in entries], before)
        self.assertEqual([e["q_value"] for e in entries], [e["p_value"] for e in entries])


class ConfirmationTests(unittest.TestCase):
    def entry(self, name, base, head, again=None):
        e = stats.compare_times(name, base, head, 0.05, 0.05)
        if again:
            e["confirmation"] = stats.confirmation(*again)
        return e

    def test_only_the_fresh_samples_decide(self):
        steady = [1.0 + 0.001 * i for i in range(15)]
        slower = [1.2 + 0.001 * i for i in range(15)]
        entries = [
            self.entry("slowed", steady[:9], slower[:9], (steady, slower)),
            self.entry("chance", steady[:9], slower[:9], (steady, steady[::-1])),
            self.entry("turned", steady[:9], slower[:9], (slower, steady)),
            self.entry("small", steady[:9], [t * 1.03 for t in steady[:9]]),
        ]
        self.assertLess(entries[3]["p_value"], 0.001)
        stats.decide_confirmed(entries, 0.05, 0.05)
        self.assertEqual([e["verdict"] for e in entries],
                         [stats.REGRESSION, stats.UNCHANGED, stats.UNCHANGED, stats.UNCHANGED])
        self.assertLess(entries[0]["confirmation"]["q_value"], 0.05)

    def test_two_stages_keep_chance_out_and_a_real_change_in(self):
        rng = random.Random(45)
        runs = CorrectionTests()

        def sample():
            time = rng.lognormvariate(0, 0.02)
            return time * 1.08 if rng.random() < 1 / 3 else time

        alarms = found = 0
        for _ in range(20):
            entries = runs.run_of(rng, slowed=7)
            for e in entries:
                if stats.is_candidate(e, 0.05):
                    factor = 1.2 if e["name"] == "b7" else 1
                    e["confirmation"] = stats.confirmation([sample() for _ in range(15)],
                                                           [sample() * factor for _ in range(15)])
            stats.decide_confirmed(entries, 0.05, 0.05)
            alarms += sum(e["verdict"] != stats.UNCHANGED for e in entries if e["name"] != "b7")
            found += entries[7]["verdict"] == stats.REGRESSION
        self.assertLessEqual(alarms, 1)
        self.assertEqual(found, 20)

    def test_markdown_shows_the_confirmation(self):
        r = synthetic_report(1.25)
        r["settings"].update({"confirm": 15, "correction": "bh", "clock": "cpu"})
        first = r["benchmarks"][0]
        first["confirmation"] = stats.confirmation(first["base_samples"] * 2, first["head_samples"] * 2)
        stats.decide_confirmed(r["benchmarks"], 0.05, 0.05)
        text = stats.markdown(r)
        self.assertIn("15 more runs of each binary for each benchmark whose median moved by 5% or more (1 here)",
                      text)
        self.assertIn("CPU time compared", text)
        self.assertIn("| +25.0%, p ", text)


def synthetic_report(head_factor):
    rng = random.Random(3)
    base = [1e-3 * (1 + 0.01 * rng.random()) for _ in range(9)]
    entries = [stats.compare_times("chain/build/1000", base, [head_factor * t for t in base], 0.05, 0.05),
               stats.compare_times("vfl/find_row", base, base, 0.05, 0.05)]
    return {
        "base": {"label": "HEAD~1 (abc)"}, "head": {"label": "HEAD (def)"},
        "settings": {"selection": "preset quick", "repetitions": 9, "threshold": 0.05, "alpha": 0.05,
                     "instruction_threshold": 0.05},
        "benchmarks": entries,
        "instructions": stats.compare_instructions({"w": 100}, {"w": 100}, 0.05),
    }


class ReportTests(unittest.TestCase):
    def test_markdown_lists_the_regression_first(self):
        r = synthetic_report(1.25)
        self.assertTrue(stats.regressed(r))
        text = stats.markdown(r)
        self.assertIn("**Time: 1 regressed, 0 improved, 1 unchanged.**", text)
        self.assertIn("1 identical", text)
        moved = text.split("<details>")[0]
        self.assertIn("`chain/build/1000`", moved)
        self.assertNotIn("`vfl/find_row`", moved)
        self.assertIn("+25.0%", moved)
        json.dumps(r)  # the JSON report is the same dictionary

    def test_no_regression_no_failure(self):
        self.assertFalse(stats.regressed(synthetic_report(1.0)))
        r = synthetic_report(1.0)
        r["instructions"] = stats.compare_instructions({"w": 100}, {"w": 200}, 0.05)
        self.assertTrue(stats.regressed(r))


class FailureTests(unittest.TestCase):
    def test_a_failed_benchmark_fails_the_comparison(self):
        r = synthetic_report(1.0)
        r["benchmarks"].append(stats.failed_entry("vfl/mix", "ratite-bench: view_add failed | status 2"))
        self.assertTrue(stats.regressed(r))
        text = stats.markdown(r)
        self.assertIn("2 unchanged, 1 failed to run.**", text)
        self.assertIn("view_add failed \\| status 2", text.split("<details>")[0])


def run_entry(name, real_time, **extra):
    entry = {"name": name, "run_name": name, "run_type": "iteration", "real_time": real_time,
             "cpu_time": real_time, "time_unit": "us", "iterations": 10}
    entry.update(extra)
    return entry


def median_entry(name, real_time):
    return {"name": f"{name}_median", "run_name": name, "run_type": "aggregate", "aggregate_name": "median",
            "aggregate_unit": "time", "real_time": real_time, "cpu_time": real_time, "time_unit": "us"}


class MediansTests(unittest.TestCase):
    def results(self):
        return {
            "context": {"host_name": "ci", "commit": "abc1234"},
            "benchmarks": [
                run_entry("chain/build/100", 3.0), run_entry("chain/build/100", 1.0), run_entry("chain/build/100", 2.0),
                median_entry("chain/build/100", 2.0),
                {"name": "chain/build/100_stddev", "run_name": "chain/build/100", "run_type": "aggregate",
                 "aggregate_name": "stddev", "real_time": 1.0, "time_unit": "us"},
                {"name": "chain/build_BigO", "run_name": "chain/build", "run_type": "aggregate",
                 "aggregate_name": "BigO", "real_time": 0.1, "time_unit": "us"},
                run_entry("vfl/find_row", 0.5),
            ],
        }

    def test_medians_only_with_the_context(self):
        document = report.medians_document(self.results())
        self.assertEqual(document["context"]["commit"], "abc1234")
        names = [(e["name"], e["real_time"]) for e in document["benchmarks"]]
        self.assertEqual(names, [("chain/build/100_median", 2.0), ("vfl/find_row_median", 0.5)])
        first, second = document["benchmarks"]
        self.assertEqual((first["real_time_min"], first["real_time_max"]), (1.0, 3.0))
        self.assertEqual((second["aggregate_name"], second["repetitions"]), ("median", 1))

    def test_a_medians_file_reads_back_as_itself(self):
        document = report.medians_document(self.results())
        self.assertEqual(report.medians_document(document)["benchmarks"], document["benchmarks"])

    def test_trends_draw_one_plot_per_operation(self):
        with tempfile.TemporaryDirectory() as directory:
            paths = []
            for i, factor in enumerate([1.0, 1.1, 0.9]):
                data = self.results()
                for entry in data["benchmarks"]:
                    entry["real_time"] *= factor
                data["context"]["commit"] = f"c{i}"
                path = os.path.join(directory, f"r{i}.json")
                with open(path, "w") as f:
                    json.dump(data, f)
                paths.append(path)
            written = report.trends(os.path.join(directory, "trends"), paths, None)
            self.assertEqual(sorted(os.path.basename(p) for p in written),
                             ["trend-chain-build.svg", "trend-vfl-find_row.svg"])
            with open(written[0]) as f:
                svg = f.read()
            self.assertIn("c2", svg)
            self.assertIn("<polygon", svg)


if __name__ == "__main__":
    unittest.main()
