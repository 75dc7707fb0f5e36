// The part of autocannon's API the benchmarks use (the package ships no types).
declare module "autocannon" {
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Client {
    setRequests(requests: Request[]): void;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    setupClient?: (client: Client) => void;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    non2xx: number;
    timeouts: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
