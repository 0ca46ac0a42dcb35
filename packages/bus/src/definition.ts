/**
 * The structural shape of a ts-proto `outputServices=generic-definitions`
 * service, so the bus binds any generated service without knowing it.
 */

/** Encodes and decodes one message type (ts-proto's MessageFns). */
export interface MessageCodec<T> {
  encode(message: T): { finish(): Uint8Array };
  decode(input: Uint8Array): T;
  fromPartial(object: never): T;
}

/** One rpc of a service definition. */
export interface MethodDefinition<Req = any, Res = any> {
  readonly name: string;
  readonly requestType: MessageCodec<Req>;
  readonly responseType: MessageCodec<Res>;
  readonly requestStream: boolean;
  readonly responseStream: boolean;
}

/** A generated service definition, e.g. `EchoServiceDefinition`. */
export interface ServiceDefinition {
  readonly name: string;
  readonly fullName: string;
  readonly methods: Readonly<Record<string, MethodDefinition>>;
}

/** The request type of a method. */
export type RequestOf<M> = M extends MethodDefinition<infer Req, any> ? Req : never;
/** The response type of a method. */
export type ResponseOf<M> = M extends MethodDefinition<any, infer Res> ? Res : never;
/** What `fromPartial` accepts for a method's request. */
export type PartialRequestOf<M> = M extends { requestType: { fromPartial(object: infer P): unknown } } ? P : never;
