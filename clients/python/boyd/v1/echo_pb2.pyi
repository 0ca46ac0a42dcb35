from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Optional as _Optional

DESCRIPTOR: _descriptor.FileDescriptor

class EchoRequest(_message.Message):
    __slots__ = ("text", "payload", "delay_ms")
    TEXT_FIELD_NUMBER: _ClassVar[int]
    PAYLOAD_FIELD_NUMBER: _ClassVar[int]
    DELAY_MS_FIELD_NUMBER: _ClassVar[int]
    text: str
    payload: bytes
    delay_ms: int
    def __init__(self, text: _Optional[str] = ..., payload: _Optional[bytes] = ..., delay_ms: _Optional[int] = ...) -> None: ...

class EchoResponse(_message.Message):
    __slots__ = ("text", "payload", "served_by")
    TEXT_FIELD_NUMBER: _ClassVar[int]
    PAYLOAD_FIELD_NUMBER: _ClassVar[int]
    SERVED_BY_FIELD_NUMBER: _ClassVar[int]
    text: str
    payload: bytes
    served_by: str
    def __init__(self, text: _Optional[str] = ..., payload: _Optional[bytes] = ..., served_by: _Optional[str] = ...) -> None: ...
