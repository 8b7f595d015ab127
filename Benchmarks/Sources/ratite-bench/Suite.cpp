// The suite as `make bench` runs it: Google Benchmark's runner with three additions.
//
// - After each benchmark, everything the benchmarks keep between calls (generated systems,
//   built solvers and fixtures) is freed, so a run holds one benchmark's systems at a time
//   and its peak memory is that of its largest benchmark, not of the whole suite.
// - `--progress` replaces the console table with one line a benchmark on stderr (i of n,
//   elapsed time, memory) and a last line with the run's peak RSS; `--max-rss-mb=N` makes
//   the run fail (exit status 3) when that peak passes N MB.
// - RATITE_BENCH_SLOWDOWN=REGEX:FACTOR (a test knob for `Benchmarks/bench-compare`)
//   multiplies the times reported for the benchmarks whose names match REGEX by FACTOR, in
//   the console table and in the JSON file alike, so a comparison can be tested against a
//   known change without touching the solver.
#include "Benchmarks.hpp"
#include "Systems.hpp"

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <malloc.h>
#include <memory>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <unistd.h>
#include <vector>

namespace bench {

namespace {

using benchmark::BenchmarkReporter;
using Run = BenchmarkReporter::Run;

/// The complexity fits Google Benchmark appends to a family's last report.
bool isComplexityFit(const Run &run) {
    return run.run_type == Run::RT_Aggregate && (run.aggregate_name == "BigO" || run.aggregate_name == "RMS");
}

long residentMegabytes() {
    std::ifstream statm("/proc/self/statm");
    long pages = 0, resident = 0;
    statm >> pages >> resident;
    return resident * sysconf(_SC_PAGESIZE) / (1024 * 1024);
}

long peakResidentMegabytes() {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss / 1024;
}

std::string minutesAndSeconds(double seconds) {
    char text[32];
    long whole = static_cast<long>(seconds);
    std::snprintf(text, sizeof text, "%ld:%02ld", whole / 60, whole % 60);
    return text;
}

/// RATITE_BENCH_SLOWDOWN, read once.
class Slowdown {
  public:
    /// Reads the environment; exits on a malformed value (a knob that silently did nothing
    /// would make the test it serves pass for the wrong reason).
    Slowdown() {
        const char *value = std::getenv("RATITE_BENCH_SLOWDOWN");
        if (!value || !*value) return;
        std::string text = value;
        size_t colon = text.rfind(':');
        char *end = nullptr;
        factor_ = colon == std::string::npos ? 0 : std::strtod(text.c_str() + colon + 1, &end);
        if (colon == std::string::npos || colon == 0 || !end || *end || !(factor_ > 0)) {
            std::fprintf(stderr, "ratite-bench: RATITE_BENCH_SLOWDOWN must be REGEX:FACTOR, got '%s'\n", value);
            std::exit(64);
        }
        try {
            pattern_ = std::regex(text.substr(0, colon));
        } catch (const std::regex_error &) {
            std::fprintf(stderr, "ratite-bench: RATITE_BENCH_SLOWDOWN: bad regular expression in '%s'\n", value);
            std::exit(64);
        }
        active_ = true;
        std::fprintf(stderr, "ratite-bench: RATITE_BENCH_SLOWDOWN: times of benchmarks matching '%s' are reported x%g\n",
                     text.substr(0, colon).c_str(), factor_);
    }

    bool active() const { return active_; }

    /// `runs` with the times of the matching ones multiplied: iterations and the time
    /// aggregates (mean, median, standard deviation), not the coefficient of variation or
    /// the complexity fits.
    std::vector<Run> apply(const std::vector<Run> &runs) const {
        std::vector<Run> scaled = runs;
        if (!active_) return scaled;
        for (Run &run : scaled) {
            if (isComplexityFit(run)) continue;
            if (run.run_type == Run::RT_Aggregate && run.aggregate_unit != benchmark::kTime) continue;
            if (!std::regex_search(run.run_name.str(), pattern_)) continue;
            run.real_accumulated_time *= factor_;
            run.cpu_accumulated_time *= factor_;
        }
        return scaled;
    }

  private:
    bool active_ = false;
    std::regex pattern_;
    double factor_ = 1;
};

/// One line a finished benchmark on stderr: its wall time (setup included), the run's
/// elapsed time, the resident size once its systems are freed and the peak so far.
class Progress {
  public:
    explicit Progress(size_t total) : total_(total), start_(std::chrono::steady_clock::now()) {}

    void reported(const std::vector<Run> &runs) {
        for (const Run &run : runs) {
            if (isComplexityFit(run)) continue;
            std::string name = run.run_name.str();
            if (!seen_.insert(name).second) continue;
            double now = elapsed();
            std::fprintf(stderr, "[%*zu/%zu] %-44s %6.1f s  %s elapsed, rss %ld MB, peak %ld MB%s\n", width(),
                         seen_.size(), total_, name.c_str(), now - last_, minutesAndSeconds(now).c_str(),
                         residentMegabytes(), peakResidentMegabytes(), run.error_occurred ? "  ERROR" : "");
            last_ = now;
        }
    }

    size_t finished() const { return seen_.size(); }
    double elapsed() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }

  private:
    int width() const { return static_cast<int>(std::to_string(total_).size()); }

    size_t total_;
    std::chrono::steady_clock::time_point start_;
    std::set<std::string> seen_;
    double last_ = 0;
};

/// Forwards to Google Benchmark's reporter (`inner`, none for the display with
/// --progress) with the slowdown applied, and frees what the benchmarks kept once a
/// benchmark is reported.
class SuiteReporter : public BenchmarkReporter {
  public:
    SuiteReporter(std::unique_ptr<BenchmarkReporter> inner, const Slowdown &slowdown, Progress *progress)
        : inner_(std::move(inner)), slowdown_(slowdown), progress_(progress) {}

    bool ReportContext(const Context &context) override {
        if (!inner_) return true;
        // Google Benchmark points this reporter's streams at the console or the output file.
        inner_->SetOutputStream(&GetOutputStream());
        inner_->SetErrorStream(&GetErrorStream());
        return inner_->ReportContext(context);
    }

    void ReportRuns(const std::vector<Run> &runs) override {
        std::vector<Run> scaled = slowdown_.apply(runs);
        if (inner_) inner_->ReportRuns(scaled);
        // Reports come once a benchmark has run all its repetitions: nothing kept is needed
        // again (the next benchmark generates what it uses). The freed pages go back to the
        // system, so the RSS shown is what the next benchmark starts from.
        releasePreparedSystems();
        releaseBuiltSolvers();
        releaseBuiltFixtures();
        malloc_trim(0);
        if (progress_) progress_->reported(scaled);
    }

    void Finalize() override {
        if (inner_) inner_->Finalize();
    }

  private:
    std::unique_ptr<BenchmarkReporter> inner_;
    const Slowdown &slowdown_;
    Progress *progress_;
};

bool startsWith(const char *text, const char *prefix) { return std::strncmp(text, prefix, std::strlen(prefix)) == 0; }

/// How many benchmarks the filter in `args` selects: Google Benchmark's own listing, run
/// with only the filter flags, into a discarded stream.
size_t countSelected(const std::vector<char *> &args) {
    std::vector<char *> listing = {args[0]};
    for (size_t i = 1; i < args.size(); i++) {
        if (startsWith(args[i], "--benchmark_filter=")) listing.push_back(args[i]);
    }
    static char listFlag[] = "--benchmark_list_tests=true";
    listing.push_back(listFlag);
    listing.push_back(nullptr);
    int count = static_cast<int>(listing.size()) - 1;
    benchmark::Initialize(&count, listing.data());
    std::ostringstream discarded;
    std::unique_ptr<BenchmarkReporter> lister(benchmark::CreateDefaultDisplayReporter());
    lister->SetOutputStream(&discarded);
    lister->SetErrorStream(&discarded);
    return benchmark::RunSpecifiedBenchmarks(lister.get());
}

} // namespace

int runSuite(int argc, char **argv) {
    bool progress = false, writesFile = false, listsOnly = false, jsonFile = true;
    long maxRSS = 0;
    std::vector<char *> args;
    for (int i = 0; i < argc; i++) {
        if (i > 0 && std::strcmp(argv[i], "--progress") == 0) {
            progress = true;
            continue;
        }
        if (i > 0 && startsWith(argv[i], "--max-rss-mb=")) {
            maxRSS = std::strtol(argv[i] + 13, nullptr, 10);
            if (maxRSS <= 0) {
                std::fprintf(stderr, "ratite-bench: bad --max-rss-mb\n");
                return 64;
            }
            continue;
        }
        if (startsWith(argv[i], "--benchmark_out=")) writesFile = true;
        if (startsWith(argv[i], "--benchmark_out_format=")) jsonFile = std::strcmp(argv[i], "--benchmark_out_format=json") == 0;
        if (startsWith(argv[i], "--benchmark_list_tests")) listsOnly = true;
        args.push_back(argv[i]);
    }
    Slowdown slowdown;
    bool metered = progress && !listsOnly;
    size_t total = metered ? countSelected(args) : 0;

    // The run proper: every flag again, with the listing switched back off.
    static char noListing[] = "--benchmark_list_tests=false";
    if (metered) args.push_back(noListing);
    args.push_back(nullptr);
    int count = static_cast<int>(args.size()) - 1;
    benchmark::Initialize(&count, args.data());
    if (benchmark::ReportUnrecognizedArguments(count, args.data())) return 64;

    std::unique_ptr<Progress> meter = metered ? std::make_unique<Progress>(total) : nullptr;
    std::unique_ptr<BenchmarkReporter> console(progress ? nullptr : benchmark::CreateDefaultDisplayReporter());
    SuiteReporter display(std::move(console), slowdown, meter.get());
    // Google Benchmark makes the file's reporter itself unless given one, and refuses one
    // without --benchmark_out. Only JSON files get the slowdown.
    std::unique_ptr<SuiteReporter> file;
    if (writesFile && jsonFile) {
        file = std::make_unique<SuiteReporter>(std::make_unique<benchmark::JSONReporter>(), slowdown, nullptr);
    } else if (writesFile && slowdown.active()) {
        std::fprintf(stderr, "ratite-bench: RATITE_BENCH_SLOWDOWN applies to JSON output files only\n");
    }
    benchmark::RunSpecifiedBenchmarks(&display, file.get());
    benchmark::Shutdown();

    long peak = peakResidentMegabytes();
    if (meter) {
        std::fprintf(stderr, "%zu benchmarks in %s, peak rss %ld MB\n", meter->finished(),
                     minutesAndSeconds(meter->elapsed()).c_str(), peak);
    }
    if (maxRSS > 0 && peak > maxRSS) {
        std::fprintf(stderr, "ratite-bench: peak rss %ld MB is over the limit of %ld MB (--max-rss-mb)\n", peak, maxRSS);
        return 3;
    }
    return 0;
}

} // namespace bench
