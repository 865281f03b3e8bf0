/**
 * Summarises the JSON that `vitest bench --outputJson <file>` writes: median, mean, p99, hz and
 * samples of each benchmark, and whether the median meets the target a benchmark's name states
 * ("target < N ms"). Vitest's own table has no median, and Vitest 4 leaves a benchmark that threw
 * out of its table without failing the run: this script exits 1 when any benchmark has no result.
 * A missed target is reported, not failed (the targets are goals, not timed tests).
 *
 * Usage: node report.mjs <vitest-bench-output.json>
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const file = process.argv[2];
if (!file) {
  console.error('usage: node report.mjs <vitest-bench-output.json>');
  process.exit(2);
}

const report = JSON.parse(readFileSync(file, 'utf8'));
const ms = (value) => `${value.toFixed(4)} ms`;
let count = 0;
let failed = 0;

for (const benchFile of report.files ?? []) {
  console.log(`\n${relative(process.cwd(), benchFile.filepath)}`);
  for (const group of benchFile.groups ?? []) {
    console.log(`  ${group.fullName.split(' > ').slice(1).join(' > ') || group.fullName}`);
    for (const result of group.benchmarks ?? []) {
      count++;
      if (!result.sampleCount || typeof result.median !== 'number') {
        failed++;
        console.log(`    ✗ ${result.name}: NO RESULT (the benchmark threw; see above)`);
        continue;
      }
      console.log(`    ${result.name}`);
      console.log(
        `      median ${ms(result.median)} · mean ${ms(result.mean)} · p99 ${ms(result.p99)} · ` +
          `${Math.round(result.hz).toLocaleString('en')} hz · ±${result.rme.toFixed(2)}% · ` +
          `${result.sampleCount} samples`,
      );
      const target = /target < ([\d.]+) ms/.exec(result.name);
      if (target) {
        const limit = Number(target[1]);
        const met = result.median < limit;
        console.log(
          `      target: median < ${limit} ms → ${met ? 'MET' : 'MISSED'} ` +
            `(${(result.median / limit).toFixed(3)}× the target)`,
        );
      }
    }
  }
}

if (count === 0) {
  console.error('No benchmark results found in', file);
  process.exit(1);
}
if (failed > 0) {
  console.error(`\n${failed} benchmark(s) produced no result.`);
  process.exit(1);
}
