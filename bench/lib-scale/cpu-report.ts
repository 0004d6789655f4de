/**
 * Preloaded into a measured child process (`node --import tsx --import ./bench/lib-scale/cpu-report.ts ...`):
 * prints the process's own CPU time (user + system) and peak resident memory on exit, so a benchmark on a shared machine can
 * report the work done besides the wall time, which includes waiting for other processes.
 */
process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  process.stderr.write(`\nBENCH_CPU_MS ${((user + system) / 1000).toFixed(1)} BENCH_MAX_RSS_KB ${process.resourceUsage().maxRSS}\n`);
});
