/** What nats-server holds, from its HTTP monitoring endpoints (/jsz, /connz, /varz). */
export interface NatsServerCounts {
  readonly streams: number;
  readonly consumers: number;
  /** Messages stored over every stream. */
  readonly messages: number;
  /** Subscriptions over every client connection. */
  readonly subscriptions: number;
  /** The server's own resident memory, bytes (as /varz reports it). */
  readonly memBytes: number;
  /** Consumers per stream, for the streams that have any. */
  readonly consumersByStream: Readonly<Record<string, number>>;
}

interface Jsz {
  streams?: number;
  consumers?: number;
  messages?: number;
  account_details?: { stream_detail?: { name: string; state?: { consumer_count?: number } }[] }[];
}

/** Reads the counts from the monitoring endpoints at `monitorUrl` (`http://127.0.0.1:PORT`). */
export async function natsServerCounts(monitorUrl: string): Promise<NatsServerCounts> {
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${monitorUrl}${path}`);
    if (!res.ok) throw new Error(`nats-server monitoring ${path}: HTTP ${res.status}`);
    return (await res.json()) as T;
  };
  const [jsz, connz, varz] = await Promise.all([get<Jsz>("/jsz?streams=true"), get<{ connections?: { subscriptions?: number }[] }>("/connz?limit=1024"), get<{ mem?: number }>("/varz")]);
  const consumersByStream: Record<string, number> = {};
  for (const account of jsz.account_details ?? []) for (const s of account.stream_detail ?? []) if (s.state?.consumer_count) consumersByStream[s.name] = s.state.consumer_count;
  return {
    streams: jsz.streams ?? 0,
    consumers: jsz.consumers ?? 0,
    messages: jsz.messages ?? 0,
    subscriptions: (connz.connections ?? []).reduce((n, c) => n + (c.subscriptions ?? 0), 0),
    memBytes: varz.mem ?? 0,
    consumersByStream,
  };
}
