/** A one-line text progress bar on stderr, redrawn in place; `done()` ends the line. */
export function progressBar(label: string, width = 30) {
  let drawn = false;
  return {
    update(done: number, total: number) {
      const filled = Math.round((done / Math.max(total, 1)) * width);
      process.stderr.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`);
      drawn = true;
    },
    done() {
      if (drawn) process.stderr.write('\n');
      drawn = false;
    },
  };
}
