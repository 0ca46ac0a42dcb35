"""A protoc plugin that buf runs for the Python client.

grpcio-tools ships the gRPC Python generator only inside its own protoc
(`python -m grpc_tools.protoc --grpc_python_out`), not as a protoc-gen-*
program buf could call. So this plugin takes buf's CodeGeneratorRequest,
hands its files to that protoc as a descriptor set, and answers with what it
wrote: messages (*_pb2.py), type stubs (*_pb2.pyi) and stubs (*_pb2_grpc.py).
"""

import os
import sys
import tempfile

from google.protobuf import descriptor_pb2
from google.protobuf.compiler import plugin_pb2
from grpc_tools import protoc


def generate(request: plugin_pb2.CodeGeneratorRequest) -> plugin_pb2.CodeGeneratorResponse:
    response = plugin_pb2.CodeGeneratorResponse()
    response.supported_features = plugin_pb2.CodeGeneratorResponse.FEATURE_PROTO3_OPTIONAL
    with tempfile.TemporaryDirectory(prefix="boyd-py-gen-") as scratch:
        descriptors = os.path.join(scratch, "request.binpb")
        with open(descriptors, "wb") as f:
            f.write(descriptor_pb2.FileDescriptorSet(file=request.proto_file).SerializeToString())
        out = os.path.join(scratch, "out")
        os.mkdir(out)
        args = ["grpc_tools.protoc", f"--descriptor_set_in={descriptors}",
                f"--python_out={out}", f"--pyi_out={out}", f"--grpc_python_out={out}",
                *request.file_to_generate]
        if protoc.main(args) != 0:
            response.error = "grpc_tools.protoc failed (its message is above)"
            return response
        for root, _, names in os.walk(out):
            for name in sorted(names):
                path = os.path.join(root, name)
                with open(path, encoding="utf-8") as f:
                    response.file.add(name=os.path.relpath(path, out), content=f.read())
    return response


def main() -> None:
    request = plugin_pb2.CodeGeneratorRequest.FromString(sys.stdin.buffer.read())
    sys.stdout.buffer.write(generate(request).SerializeToString())


if __name__ == "__main__":
    main()
