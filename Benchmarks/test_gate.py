"""Tests of gate.sh's valgrind step, with a stand-in for valgrind and for ratite-bench:
nothing is built, and valgrind need not be installed. `make bench-test` runs them.

A stand-in valgrind runs the program it is given and reports a `Collected :` line whatever
the program did, as the real one does when the program dies: the gate must take a count
only from a run that exited cleanly.
"""
import os
import stat
import subprocess
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))

FAKE_VALGRIND = """#!/bin/sh
# Skips valgrind's options up to the program, runs it, and reports a count either way.
while [ $# -gt 0 ]; do
    case "$1" in --*) shift ;; *) break ;; esac
done
"$@"
status=$?
echo "==1== Collected : 4242 17" >&2
exit $status
"""


def executable(path, text):
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)


class CollectedByValgrindTests(unittest.TestCase):
    def collect(self, bench_body):
        """Runs collected_by_valgrind on a ratite-bench whose body is BENCH_BODY."""
        with tempfile.TemporaryDirectory() as root:
            tools = os.path.join(root, "tools")
            release = os.path.join(root, ".build", "release")
            os.makedirs(tools)
            os.makedirs(release)
            executable(os.path.join(tools, "valgrind"), FAKE_VALGRIND)
            executable(os.path.join(release, "ratite-bench"), "#!/bin/sh\n" + bench_body + "\n")
            script = f'. "{HERE}/gate.sh"; here="{root}"; collected_by_valgrind some_workload --tool=callgrind'
            env = dict(os.environ, PATH=tools + os.pathsep + os.environ.get("PATH", "/usr/bin:/bin"))
            return subprocess.run(["sh", "-c", script], env=env, text=True,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def test_a_clean_run_gives_its_figures(self):
        result = self.collect("exit 0")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.strip(), "4242 17")

    def test_a_failing_workload_gives_no_count(self):
        result = self.collect("echo 'unknown workload' >&2; exit 64")
        self.assertNotEqual(result.returncode, 0)
        self.assertEqual(result.stdout, "")
        self.assertIn("some_workload exited with status 64", result.stderr)

    def test_a_crashed_workload_gives_no_partial_count(self):
        result = self.collect("kill -SEGV $$")
        self.assertNotEqual(result.returncode, 0)
        self.assertEqual(result.stdout, "")


class MeasureWorkloadsTests(unittest.TestCase):
    def test_a_workload_without_a_count_fails_the_gate(self):
        with tempfile.TemporaryDirectory() as root:
            counter = os.path.join(root, "count")
            # Counts every workload but `broken`, which fails the way collected_by_valgrind does.
            executable(counter, '#!/bin/sh\n[ "$1" = broken ] && exit 1\necho 100\n')
            output = os.path.join(root, "measured")
            script = f'. "{HERE}/gate.sh"; measure_workloads "good broken other" "{output}" "{counter}"'
            result = subprocess.run(["sh", "-c", script], text=True,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            self.assertNotEqual(result.returncode, 0)
            self.assertIn("measured nothing for: broken", result.stderr)
            with open(output) as f:
                self.assertEqual(f.read(), "good 100\nother 100\n")


if __name__ == "__main__":
    unittest.main()
