import * as grpc from "@grpc/grpc-js";
import { create, createFileRegistry, fromBinary, toBinary, type DescFile, type DescMessage, type FileRegistry } from "@bufbuild/protobuf";
import { FileDescriptorProtoSchema, FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";

/** The two versions of the reflection service clients ask for (grpcurl tries v1 first). */
export const REFLECTION_SERVICES = ["grpc.reflection.v1.ServerReflection", "grpc.reflection.v1alpha.ServerReflection"] as const;

/**
 * gRPC server reflection (v1 and v1alpha) that answers with the
 * FileDescriptorProtos exactly as `buf build` wrote them: one per .proto file,
 * with their own names, imports and fully qualified type names. (The
 * @grpc/reflection package rebuilds descriptors from proto-loader's merged
 * view instead, which grpcurl cannot read back.)
 *
 * `descriptorSets` are serialized FileDescriptorSets that together hold every
 * file the served services need, grpc.health.v1 and grpc.reflection included;
 * `served` names the services this port actually serves: only those are
 * listed or resolved by symbol (one the sets do not describe is listed, but
 * cannot be described).
 */
export function addReflection(server: Pick<grpc.Server, "addService">, descriptorSets: readonly Uint8Array[], served: readonly string[]): void {
  const registry = registryOf(descriptorSets);
  const listed = [...new Set([...served, ...REFLECTION_SERVICES])].sort();
  const answer = reflectionAnswerer(registry, listed);
  // v1alpha's messages have the same fields and numbers as v1's, so one
  // codec serves both.
  const request = registry.getMessage("grpc.reflection.v1.ServerReflectionRequest")!;
  const response = registry.getMessage("grpc.reflection.v1.ServerReflectionResponse")!;
  for (const service of REFLECTION_SERVICES) {
    server.addService(
      {
        ServerReflectionInfo: {
          path: `/${service}/ServerReflectionInfo`,
          requestStream: true,
          responseStream: true,
          requestSerialize: (m: unknown) => Buffer.from(toBinary(request, m as never)),
          requestDeserialize: (b: Buffer) => fromBinary(request, b),
          responseSerialize: (m: unknown) => Buffer.from(toBinary(response, m as never)),
          responseDeserialize: (b: Buffer) => fromBinary(response, b),
        },
      },
      {
        ServerReflectionInfo: (call: grpc.ServerDuplexStream<ReflectionRequest, unknown>) => {
          call.on("data", (req: ReflectionRequest) => {
            try {
              call.write(create(response, answer(req) as never));
            } catch (err) {
              // A listener that throws would take the process down; the caller gets a status instead.
              call.emit("error", Object.assign(new Error(`reflection failed: ${(err as Error).message}`), { code: grpc.status.INTERNAL }));
            }
          });
          call.on("end", () => call.end());
        },
      },
    );
  }
}

function registryOf(descriptorSets: readonly Uint8Array[]): FileRegistry {
  // Serialized sets concatenate into one set (`file` is a repeated field).
  const merged = Buffer.concat(descriptorSets.map((s) => Buffer.from(s)));
  return createFileRegistry(fromBinary(FileDescriptorSetSchema, merged));
}

/** The fields of a ServerReflectionRequest this server reads. */
interface ReflectionRequest {
  host: string;
  messageRequest:
    | { case: "fileByFilename" | "fileContainingSymbol" | "listServices"; value: string }
    | { case: "fileContainingExtension"; value: { containingType: string; extensionNumber: number } }
    | { case: "allExtensionNumbersOfType"; value: string }
    | { case: undefined; value?: undefined };
}

/** The init of a ServerReflectionResponse's `message_response`. */
type ReflectionAnswer =
  | { case: "fileDescriptorResponse"; value: { fileDescriptorProto: Uint8Array[] } }
  | { case: "listServicesResponse"; value: { service: { name: string }[] } }
  | { case: "allExtensionNumbersResponse"; value: { baseTypeName: string; extensionNumber: number[] } }
  | { case: "errorResponse"; value: { errorCode: number; errorMessage: string } };

/** Answers one reflection request (pure: the registry never changes). */
export function reflectionAnswerer(registry: FileRegistry, listed: readonly string[]) {
  const isListed = new Set(listed);
  const notFound = (what: string): ReflectionAnswer => ({ case: "errorResponse", value: { errorCode: grpc.status.NOT_FOUND, errorMessage: `${what} not found` } });
  const files = (file: DescFile | undefined, what: string): ReflectionAnswer =>
    file ? { case: "fileDescriptorResponse", value: { fileDescriptorProto: withDependencies(file).map((f) => toBinary(FileDescriptorProtoSchema, f.proto)) } } : notFound(what);

  const answerOf = (req: ReflectionRequest): ReflectionAnswer => {
    const m = req.messageRequest;
    switch (m.case) {
      case "listServices":
        return { case: "listServicesResponse", value: { service: listed.map((name) => ({ name })) } };
      case "fileByFilename":
        return files(registry.getFile(m.value), `file ${m.value}`);
      case "fileContainingSymbol":
        return files(fileDeclaring(registry, m.value, isListed), `symbol ${m.value}`);
      case "fileContainingExtension": {
        const extendee = registry.getMessage(m.value.containingType);
        const extension = extendee && registry.getExtensionFor(extendee, m.value.extensionNumber);
        return files(extension?.file, `extension ${m.value.extensionNumber} of ${m.value.containingType}`);
      }
      case "allExtensionNumbersOfType": {
        const extendee = registry.getMessage(m.value);
        if (!extendee) return notFound(`type ${m.value}`);
        return { case: "allExtensionNumbersResponse", value: { baseTypeName: m.value, extensionNumber: extensionNumbersOf(registry, extendee) } };
      }
      default:
        return { case: "errorResponse", value: { errorCode: grpc.status.INVALID_ARGUMENT, errorMessage: "the request names no question" } };
    }
  };
  return (req: ReflectionRequest) => ({ validHost: req.host, originalRequest: req, messageResponse: answerOf(req) });
}

/**
 * The file declaring `symbol` (a type, a service, or a service's method).
 * Services this port does not serve stay unknown, as they are in the listing.
 */
function fileDeclaring(registry: FileRegistry, symbol: string, isListed: ReadonlySet<string>): DescFile | undefined {
  const desc = registry.get(symbol);
  if (desc) return desc.kind === "service" && !isListed.has(desc.typeName) ? undefined : desc.file;
  const dot = symbol.lastIndexOf(".");
  const service = registry.getService(symbol.slice(0, dot));
  if (!service || !isListed.has(service.typeName)) return undefined;
  return service.methods.some((method) => method.name === symbol.slice(dot + 1)) ? service.file : undefined;
}

/** `file` first, then everything it imports, transitively, each once. */
function withDependencies(file: DescFile): DescFile[] {
  const seen = new Map<string, DescFile>();
  const visit = (f: DescFile): void => {
    if (seen.has(f.proto.name)) return;
    seen.set(f.proto.name, f);
    f.dependencies.forEach(visit);
  };
  visit(file);
  return [...seen.values()];
}

function extensionNumbersOf(registry: FileRegistry, extendee: DescMessage): number[] {
  const numbers: number[] = [];
  for (const desc of registry) {
    if (desc.kind === "extension" && desc.extendee.typeName === extendee.typeName) numbers.push(desc.number);
  }
  return numbers.sort((a, b) => a - b);
}
