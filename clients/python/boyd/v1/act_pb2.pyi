from boyd.v1 import common_pb2 as _common_pb2
from boyd.v1 import decide_pb2 as _decide_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ActionOutcome(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ACTION_OUTCOME_UNSPECIFIED: _ClassVar[ActionOutcome]
    ACTION_OUTCOME_EXECUTED: _ClassVar[ActionOutcome]
    ACTION_OUTCOME_VETOED: _ClassVar[ActionOutcome]
    ACTION_OUTCOME_DENIED_BY_POLICY: _ClassVar[ActionOutcome]
    ACTION_OUTCOME_DENIED_BY_USER: _ClassVar[ActionOutcome]
    ACTION_OUTCOME_APPROVAL_EXPIRED: _ClassVar[ActionOutcome]
    ACTION_OUTCOME_BUDGET_EXHAUSTED: _ClassVar[ActionOutcome]
    ACTION_OUTCOME_TIMED_OUT: _ClassVar[ActionOutcome]
    ACTION_OUTCOME_REPLAYED: _ClassVar[ActionOutcome]
    ACTION_OUTCOME_REJECTED: _ClassVar[ActionOutcome]

class SafetyVerdict(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SAFETY_VERDICT_UNSPECIFIED: _ClassVar[SafetyVerdict]
    SAFETY_VERDICT_ALLOWED: _ClassVar[SafetyVerdict]
    SAFETY_VERDICT_DENIED: _ClassVar[SafetyVerdict]
    SAFETY_VERDICT_REQUIRES_APPROVAL: _ClassVar[SafetyVerdict]
ACTION_OUTCOME_UNSPECIFIED: ActionOutcome
ACTION_OUTCOME_EXECUTED: ActionOutcome
ACTION_OUTCOME_VETOED: ActionOutcome
ACTION_OUTCOME_DENIED_BY_POLICY: ActionOutcome
ACTION_OUTCOME_DENIED_BY_USER: ActionOutcome
ACTION_OUTCOME_APPROVAL_EXPIRED: ActionOutcome
ACTION_OUTCOME_BUDGET_EXHAUSTED: ActionOutcome
ACTION_OUTCOME_TIMED_OUT: ActionOutcome
ACTION_OUTCOME_REPLAYED: ActionOutcome
ACTION_OUTCOME_REJECTED: ActionOutcome
SAFETY_VERDICT_UNSPECIFIED: SafetyVerdict
SAFETY_VERDICT_ALLOWED: SafetyVerdict
SAFETY_VERDICT_DENIED: SafetyVerdict
SAFETY_VERDICT_REQUIRES_APPROVAL: SafetyVerdict

class SafetyAssessment(_message.Message):
    __slots__ = ("action", "danger", "verdict", "reason")
    ACTION_FIELD_NUMBER: _ClassVar[int]
    DANGER_FIELD_NUMBER: _ClassVar[int]
    VERDICT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    action: _common_pb2.ActionDetails
    danger: _common_pb2.DangerLevel
    verdict: SafetyVerdict
    reason: str
    def __init__(self, action: _Optional[_Union[_common_pb2.ActionDetails, _Mapping]] = ..., danger: _Optional[_Union[_common_pb2.DangerLevel, str]] = ..., verdict: _Optional[_Union[SafetyVerdict, str]] = ..., reason: _Optional[str] = ...) -> None: ...

class ShadowCheck(_message.Message):
    __slots__ = ("vetoed", "veto_pattern", "bias_patterns", "explanation", "severity")
    VETOED_FIELD_NUMBER: _ClassVar[int]
    VETO_PATTERN_FIELD_NUMBER: _ClassVar[int]
    BIAS_PATTERNS_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    SEVERITY_FIELD_NUMBER: _ClassVar[int]
    vetoed: bool
    veto_pattern: str
    bias_patterns: _containers.RepeatedScalarFieldContainer[str]
    explanation: str
    severity: float
    def __init__(self, vetoed: _Optional[bool] = ..., veto_pattern: _Optional[str] = ..., bias_patterns: _Optional[_Iterable[str]] = ..., explanation: _Optional[str] = ..., severity: _Optional[float] = ...) -> None: ...

class ActionResult(_message.Message):
    __slots__ = ("agent_id", "cycle", "tool_name", "idempotency_key", "outcome", "output", "shadow", "safety", "approval_request", "approval", "started_at_unix_ms", "duration_ms")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    CYCLE_FIELD_NUMBER: _ClassVar[int]
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_FIELD_NUMBER: _ClassVar[int]
    SHADOW_FIELD_NUMBER: _ClassVar[int]
    SAFETY_FIELD_NUMBER: _ClassVar[int]
    APPROVAL_REQUEST_FIELD_NUMBER: _ClassVar[int]
    APPROVAL_FIELD_NUMBER: _ClassVar[int]
    STARTED_AT_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    cycle: int
    tool_name: str
    idempotency_key: _common_pb2.IdempotencyKey
    outcome: ActionOutcome
    output: _common_pb2.ToolOutput
    shadow: ShadowCheck
    safety: SafetyAssessment
    approval_request: _common_pb2.ApprovalRequest
    approval: _common_pb2.ApprovalDecision
    started_at_unix_ms: int
    duration_ms: int
    def __init__(self, agent_id: _Optional[str] = ..., cycle: _Optional[int] = ..., tool_name: _Optional[str] = ..., idempotency_key: _Optional[_Union[_common_pb2.IdempotencyKey, _Mapping]] = ..., outcome: _Optional[_Union[ActionOutcome, str]] = ..., output: _Optional[_Union[_common_pb2.ToolOutput, _Mapping]] = ..., shadow: _Optional[_Union[ShadowCheck, _Mapping]] = ..., safety: _Optional[_Union[SafetyAssessment, _Mapping]] = ..., approval_request: _Optional[_Union[_common_pb2.ApprovalRequest, _Mapping]] = ..., approval: _Optional[_Union[_common_pb2.ApprovalDecision, _Mapping]] = ..., started_at_unix_ms: _Optional[int] = ..., duration_ms: _Optional[int] = ...) -> None: ...

class ActRequest(_message.Message):
    __slots__ = ("agent_id", "decision", "psyche", "approval_mode", "approval_timeout_ms", "timeout_ms", "approved_similarity_keys", "event_sequence_base", "event_sequence_count", "caller_records_facts", "committed_cycle")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    PSYCHE_FIELD_NUMBER: _ClassVar[int]
    APPROVAL_MODE_FIELD_NUMBER: _ClassVar[int]
    APPROVAL_TIMEOUT_MS_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_MS_FIELD_NUMBER: _ClassVar[int]
    APPROVED_SIMILARITY_KEYS_FIELD_NUMBER: _ClassVar[int]
    EVENT_SEQUENCE_BASE_FIELD_NUMBER: _ClassVar[int]
    EVENT_SEQUENCE_COUNT_FIELD_NUMBER: _ClassVar[int]
    CALLER_RECORDS_FACTS_FIELD_NUMBER: _ClassVar[int]
    COMMITTED_CYCLE_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    decision: _decide_pb2.Decision
    psyche: _common_pb2.Psyche
    approval_mode: _common_pb2.ApprovalMode
    approval_timeout_ms: int
    timeout_ms: int
    approved_similarity_keys: _containers.RepeatedScalarFieldContainer[str]
    event_sequence_base: int
    event_sequence_count: int
    caller_records_facts: bool
    committed_cycle: int
    def __init__(self, agent_id: _Optional[str] = ..., decision: _Optional[_Union[_decide_pb2.Decision, _Mapping]] = ..., psyche: _Optional[_Union[_common_pb2.Psyche, _Mapping]] = ..., approval_mode: _Optional[_Union[_common_pb2.ApprovalMode, str]] = ..., approval_timeout_ms: _Optional[int] = ..., timeout_ms: _Optional[int] = ..., approved_similarity_keys: _Optional[_Iterable[str]] = ..., event_sequence_base: _Optional[int] = ..., event_sequence_count: _Optional[int] = ..., caller_records_facts: _Optional[bool] = ..., committed_cycle: _Optional[int] = ...) -> None: ...

class ActResponse(_message.Message):
    __slots__ = ("result",)
    RESULT_FIELD_NUMBER: _ClassVar[int]
    result: ActionResult
    def __init__(self, result: _Optional[_Union[ActionResult, _Mapping]] = ...) -> None: ...

class ListToolsRequest(_message.Message):
    __slots__ = ("agent_id",)
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    def __init__(self, agent_id: _Optional[str] = ...) -> None: ...

class ListToolsResponse(_message.Message):
    __slots__ = ("tools",)
    TOOLS_FIELD_NUMBER: _ClassVar[int]
    tools: _containers.RepeatedCompositeFieldContainer[_common_pb2.ToolDescriptor]
    def __init__(self, tools: _Optional[_Iterable[_Union[_common_pb2.ToolDescriptor, _Mapping]]] = ...) -> None: ...

class ActServiceResolveApprovalRequest(_message.Message):
    __slots__ = ("decision",)
    DECISION_FIELD_NUMBER: _ClassVar[int]
    decision: _common_pb2.ApprovalDecision
    def __init__(self, decision: _Optional[_Union[_common_pb2.ApprovalDecision, _Mapping]] = ...) -> None: ...

class ActServiceResolveApprovalResponse(_message.Message):
    __slots__ = ("request",)
    REQUEST_FIELD_NUMBER: _ClassVar[int]
    request: _common_pb2.ApprovalRequest
    def __init__(self, request: _Optional[_Union[_common_pb2.ApprovalRequest, _Mapping]] = ...) -> None: ...
