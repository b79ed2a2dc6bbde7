// npm run exhaustive: the checks named on the command line (float16_pairs, conversions, exp, log), or all
// of them, each with the time it took; exit status 1 if any result was wrong.
#include <chrono>
#include <cstdio>
#include <cstring>

#include "checks.h"

int main(int argc, char** argv) {
  const struct {
    const char* name;
    unsigned long (*run)();
  } checks[] = {{"float16_pairs", &check_float16_pairs}, {"conversions", &check_conversions},
                  {"exp", &check_exp}, {"log", &check_log}};
  unsigned long bad = 0;
  for (const auto& check : checks) {
    bool wanted = argc < 2;
    for (int i = 1; i < argc; ++i) wanted = wanted || std::strcmp(argv[i], check.name) == 0;
    if (!wanted) continue;
    const auto start = std::chrono::steady_clock::now();
    bad += check.run();
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    std::printf("%s: %.1f s\n", check.name, took.count());
  }
  return bad == 0 ? 0 : 1;
}
