from boyd.v1 import common_pb2 as _common_pb2
from boyd.v1 import orient_pb2 as _orient_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ImpasseKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    IMPASSE_KIND_UNSPECIFIED: _ClassVar[ImpasseKind]
    IMPASSE_KIND_NO_CANDIDATES: _ClassVar[ImpasseKind]
    IMPASSE_KIND_ALL_BELOW_THRESHOLD: _ClassVar[ImpasseKind]
    IMPASSE_KIND_TIE: _ClassVar[ImpasseKind]
IMPASSE_KIND_UNSPECIFIED: ImpasseKind
IMPASSE_KIND_NO_CANDIDATES: ImpasseKind
IMPASSE_KIND_ALL_BELOW_THRESHOLD: ImpasseKind
IMPASSE_KIND_TIE: ImpasseKind

class Impasse(_message.Message):
    __slots__ = ("kind", "threshold", "epsilon", "tied_tools")
    KIND_FIELD_NUMBER: _ClassVar[int]
    THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    EPSILON_FIELD_NUMBER: _ClassVar[int]
    TIED_TOOLS_FIELD_NUMBER: _ClassVar[int]
    kind: ImpasseKind
    threshold: float
    epsilon: float
    tied_tools: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, kind: _Optional[_Union[ImpasseKind, str]] = ..., threshold: _Optional[float] = ..., epsilon: _Optional[float] = ..., tied_tools: _Optional[_Iterable[str]] = ...) -> None: ...

class Decision(_message.Message):
    __slots__ = ("agent_id", "cycle", "goal_id", "call", "score", "explanation", "plan_step_index", "impasse", "goal_switch_reason")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    CYCLE_FIELD_NUMBER: _ClassVar[int]
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    CALL_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    PLAN_STEP_INDEX_FIELD_NUMBER: _ClassVar[int]
    IMPASSE_FIELD_NUMBER: _ClassVar[int]
    GOAL_SWITCH_REASON_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    cycle: int
    goal_id: str
    call: _common_pb2.ToolCall
    score: _common_pb2.ScoreBreakdown
    explanation: _common_pb2.DecisionExplanation
    plan_step_index: int
    impasse: Impasse
    goal_switch_reason: str
    def __init__(self, agent_id: _Optional[str] = ..., cycle: _Optional[int] = ..., goal_id: _Optional[str] = ..., call: _Optional[_Union[_common_pb2.ToolCall, _Mapping]] = ..., score: _Optional[_Union[_common_pb2.ScoreBreakdown, _Mapping]] = ..., explanation: _Optional[_Union[_common_pb2.DecisionExplanation, _Mapping]] = ..., plan_step_index: _Optional[int] = ..., impasse: _Optional[_Union[Impasse, _Mapping]] = ..., goal_switch_reason: _Optional[str] = ...) -> None: ...

class DecideRequest(_message.Message):
    __slots__ = ("agent_id", "orientation", "history", "plan", "psyche", "tools", "rules", "catalog_version", "excluded_tools")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    ORIENTATION_FIELD_NUMBER: _ClassVar[int]
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    PLAN_FIELD_NUMBER: _ClassVar[int]
    PSYCHE_FIELD_NUMBER: _ClassVar[int]
    TOOLS_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    CATALOG_VERSION_FIELD_NUMBER: _ClassVar[int]
    EXCLUDED_TOOLS_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    orientation: _orient_pb2.Orientation
    history: _containers.RepeatedCompositeFieldContainer[_common_pb2.WorkingMemoryEntry]
    plan: _common_pb2.Plan
    psyche: _common_pb2.Psyche
    tools: _containers.RepeatedCompositeFieldContainer[_common_pb2.ToolDescriptor]
    rules: _containers.RepeatedCompositeFieldContainer[ScoreRule]
    catalog_version: str
    excluded_tools: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, agent_id: _Optional[str] = ..., orientation: _Optional[_Union[_orient_pb2.Orientation, _Mapping]] = ..., history: _Optional[_Iterable[_Union[_common_pb2.WorkingMemoryEntry, _Mapping]]] = ..., plan: _Optional[_Union[_common_pb2.Plan, _Mapping]] = ..., psyche: _Optional[_Union[_common_pb2.Psyche, _Mapping]] = ..., tools: _Optional[_Iterable[_Union[_common_pb2.ToolDescriptor, _Mapping]]] = ..., rules: _Optional[_Iterable[_Union[ScoreRule, _Mapping]]] = ..., catalog_version: _Optional[str] = ..., excluded_tools: _Optional[_Iterable[str]] = ...) -> None: ...

class ScoreRule(_message.Message):
    __slots__ = ("id", "tool_name", "match_call", "adjustment")
    ID_FIELD_NUMBER: _ClassVar[int]
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    MATCH_CALL_FIELD_NUMBER: _ClassVar[int]
    ADJUSTMENT_FIELD_NUMBER: _ClassVar[int]
    id: str
    tool_name: str
    match_call: str
    adjustment: float
    def __init__(self, id: _Optional[str] = ..., tool_name: _Optional[str] = ..., match_call: _Optional[str] = ..., adjustment: _Optional[float] = ...) -> None: ...

class DecideResponse(_message.Message):
    __slots__ = ("decision",)
    DECISION_FIELD_NUMBER: _ClassVar[int]
    decision: Decision
    def __init__(self, decision: _Optional[_Union[Decision, _Mapping]] = ...) -> None: ...

class StrategyMatch(_message.Message):
    __slots__ = ("strategy", "similarity", "selected")
    STRATEGY_FIELD_NUMBER: _ClassVar[int]
    SIMILARITY_FIELD_NUMBER: _ClassVar[int]
    SELECTED_FIELD_NUMBER: _ClassVar[int]
    strategy: _common_pb2.PlanStrategy
    similarity: float
    selected: bool
    def __init__(self, strategy: _Optional[_Union[_common_pb2.PlanStrategy, str]] = ..., similarity: _Optional[float] = ..., selected: _Optional[bool] = ...) -> None: ...

class GeneratePlanRequest(_message.Message):
    __slots__ = ("agent_id", "goal", "attempt", "orientation", "used_tools", "tools", "rules", "max_attempts")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    GOAL_FIELD_NUMBER: _ClassVar[int]
    ATTEMPT_FIELD_NUMBER: _ClassVar[int]
    ORIENTATION_FIELD_NUMBER: _ClassVar[int]
    USED_TOOLS_FIELD_NUMBER: _ClassVar[int]
    TOOLS_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    MAX_ATTEMPTS_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    goal: _common_pb2.Goal
    attempt: int
    orientation: _orient_pb2.Orientation
    used_tools: _containers.RepeatedScalarFieldContainer[str]
    tools: _containers.RepeatedCompositeFieldContainer[_common_pb2.ToolDescriptor]
    rules: _containers.RepeatedCompositeFieldContainer[ScoreRule]
    max_attempts: int
    def __init__(self, agent_id: _Optional[str] = ..., goal: _Optional[_Union[_common_pb2.Goal, _Mapping]] = ..., attempt: _Optional[int] = ..., orientation: _Optional[_Union[_orient_pb2.Orientation, _Mapping]] = ..., used_tools: _Optional[_Iterable[str]] = ..., tools: _Optional[_Iterable[_Union[_common_pb2.ToolDescriptor, _Mapping]]] = ..., rules: _Optional[_Iterable[_Union[ScoreRule, _Mapping]]] = ..., max_attempts: _Optional[int] = ...) -> None: ...

class GeneratePlanResponse(_message.Message):
    __slots__ = ("plan", "strategy_matches")
    PLAN_FIELD_NUMBER: _ClassVar[int]
    STRATEGY_MATCHES_FIELD_NUMBER: _ClassVar[int]
    plan: _common_pb2.Plan
    strategy_matches: _containers.RepeatedCompositeFieldContainer[StrategyMatch]
    def __init__(self, plan: _Optional[_Union[_common_pb2.Plan, _Mapping]] = ..., strategy_matches: _Optional[_Iterable[_Union[StrategyMatch, _Mapping]]] = ...) -> None: ...
