/**
 * Token-bucket rate limits for what a view may make its host do (PROTOCOL.md A.11). A view is
 * untrusted code: without limits it could flood the conversation with messages, open tabs in a
 * loop, or hammer the MCP server through the host.
 */

export interface RateLimit {
  /** How many may happen at once after a quiet period. */
  burst: number
  /** How many are allowed per second on average. */
  perSecond: number
}

/** The categories of view traffic the host limits. */
export interface RateLimits {
  /** User-visible actions: `ui/message`, `ui/open-link`, `ui/download-file`, sampling, display-mode requests
   * (over the limit, answered with the current mode), and a repeated `ui/initialize` (a view
   * re-created in its frame, given all its tool data again). */
  actions: RateLimit
  /** Calls through to the server: `tools/call`, `resources/*`, `prompts/list`. */
  calls: RateLimit
  /** `ui/update-model-context`. */
  context: RateLimit
  /**
   * Each notification method on its own (`size-changed`, logging, `request-teardown`, the view's
   * `tools/list_changed`): the excess is dropped, except the latest, delivered a second later.
   */
  notifications: RateLimit
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  actions: { burst: 10, perSecond: 1 },
  calls: { burst: 100, perSecond: 20 },
  context: { burst: 50, perSecond: 10 },
  notifications: { burst: 240, perSecond: 120 },
}

/**
 * A token bucket for `limit`. Time is monotonic (`performance.now()`): a wall clock corrected
 * backwards would drain the bucket and lock a quiet view out for as long as the step.
 */
export function createLimiter(limit: RateLimit): () => boolean {
  let tokens = limit.burst
  let last = performance.now()
  return () => {
    const time = performance.now()
    tokens = Math.min(limit.burst, tokens + ((time - last) / 1000) * limit.perSecond)
    last = time
    // Takes a token when there is a whole one.
    return tokens >= 1 && !!tokens--
  }
}
