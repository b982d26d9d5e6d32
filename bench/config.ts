/**
 * Every count and threshold of the benchmark in one place. The targets are the (#7);
 * `BENCH_QUICK=1` shrinks the counts for a smoke run (its results are not written over the real ones).
 */

const quick = process.env.BENCH_QUICK === '1'

export const CONFIG = {
  quick,
  /** Repetitions of every timed measurement, implementations interleaved in each. */
  reps: quick ? 2 : 5,
  handshake: {
    /** Frames per implementation per repetition, interleaved frame by frame (5 × 10 = 50 frames). */
    frames: quick ? 3 : 10,
    /** Pause after removing a frame when cold, so that the sandboxed renderer process has exited. */
    coldGapMs: 300,
    warmGapMs: 10,
  },
  rpc: { calls: quick ? 500 : 5_000, warmup: quick ? 100 : 500, concurrency: [1, 64] },
  fanout: { updates: quick ? 200 : 2_000, warmup: 200 },
  teardown: {
    cycles: quick ? 20 : 200,
    /** Unmeasured cycles before the "before" heap reading (lazy compilation, caches, pools). */
    warmupCycles: 10,
    /** Time given to a host to notice that a frame was removed before listeners are counted. */
    settleMs: 500,
    /** Views open at once for the heap per live view (a long chat holds dozens). */
    liveViews: quick ? 5 : 20,
  },
} as const

/** 1 KB = 1,000 bytes, the unit the figures use (664 KB = 664,815 bytes). */
export const KB = 1_000

export const TARGETS = {
  viewGzipBytes: 6 * KB,
  hostGzipBytes: 10 * KB,
  /** ours ÷ raw, median of the per-repetition ratios. */
  handshakeRatio: 1.25,
  rpcRatio: 0.8,
  /**
   * CPU per call, all Chromium processes, ours ÷ raw. When the pipeline is CPU-bound (64 in
   * flight) throughput is the inverse of CPU per call, so ≥ 0.8× throughput needs ≤ 1.25× CPU.
   * Wall-clock throughput on a shared 2-core machine swings with other load (the same commit
   * measured 0.76× and 0.84×); CPU per call does not, so this verdict keeps a real gap visible.
   */
  rpcCpuRatio: 1 / 0.8,
  /**
   * Heap growth per create/teardown cycle that counts as noise. A leaked bridge holds its context
   * (~4 KB) and more; 1 KB per cycle (200 KB over 200 cycles) is above the GC's jitter and well
   * below one leaked bridge per cycle.
   */
  heapBytesPerCycle: 1 * KB,
} as const
