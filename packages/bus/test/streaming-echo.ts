import * as grpc from "@grpc/grpc-js";
import { EchoRequest, EchoResponse } from "@boyd/proto";

/**
 * A server-streaming variant of Echo, built by hand: the binding is generic
 * over definitions, so streaming is tested without a generated service.
 */
export const StreamingEchoDefinition = {
  name: "StreamingEchoService",
  fullName: "boyd.test.StreamingEchoService",
  methods: {
    repeat: { name: "Repeat", requestType: EchoRequest, requestStream: false, responseType: EchoResponse, responseStream: true, options: {} },
  },
} as const;

/** A grpc-js client of {@link StreamingEchoDefinition}. */
export const StreamingEchoClient = grpc.makeGenericClientConstructor(
  {
    repeat: {
      path: "/boyd.test.StreamingEchoService/Repeat",
      requestStream: false,
      responseStream: true,
      requestSerialize: (v: EchoRequest) => Buffer.from(EchoRequest.encode(v).finish()),
      requestDeserialize: (b: Buffer) => EchoRequest.decode(b),
      responseSerialize: (v: EchoResponse) => Buffer.from(EchoResponse.encode(v).finish()),
      responseDeserialize: (b: Buffer) => EchoResponse.decode(b),
    },
  },
  "StreamingEchoService",
);
