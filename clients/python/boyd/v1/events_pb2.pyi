from boyd.v1 import act_pb2 as _act_pb2
from boyd.v1 import common_pb2 as _common_pb2
from boyd.v1 import decide_pb2 as _decide_pb2
from boyd.v1 import observe_pb2 as _observe_pb2
from boyd.v1 import orient_pb2 as _orient_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class EventKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EVENT_KIND_UNSPECIFIED: _ClassVar[EventKind]
    EVENT_KIND_CYCLE_STARTED: _ClassVar[EventKind]
    EVENT_KIND_OBSERVED: _ClassVar[EventKind]
    EVENT_KIND_ORIENTED: _ClassVar[EventKind]
    EVENT_KIND_DECIDED: _ClassVar[EventKind]
    EVENT_KIND_ACTED: _ClassVar[EventKind]
    EVENT_KIND_GOAL_CHANGED: _ClassVar[EventKind]
    EVENT_KIND_PLAN_CHANGED: _ClassVar[EventKind]
    EVENT_KIND_REFLECTED: _ClassVar[EventKind]
    EVENT_KIND_APPROVAL_REQUESTED: _ClassVar[EventKind]
    EVENT_KIND_APPROVAL_RESOLVED: _ClassVar[EventKind]
    EVENT_KIND_CYCLE_FINISHED: _ClassVar[EventKind]

class GoalChangeKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GOAL_CHANGE_KIND_UNSPECIFIED: _ClassVar[GoalChangeKind]
    GOAL_CHANGE_KIND_CREATED: _ClassVar[GoalChangeKind]
    GOAL_CHANGE_KIND_STATUS: _ClassVar[GoalChangeKind]
    GOAL_CHANGE_KIND_PRIORITY: _ClassVar[GoalChangeKind]
    GOAL_CHANGE_KIND_DECOMPOSED: _ClassVar[GoalChangeKind]
    GOAL_CHANGE_KIND_PROGRESS: _ClassVar[GoalChangeKind]

class PlanChangeKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PLAN_CHANGE_KIND_UNSPECIFIED: _ClassVar[PlanChangeKind]
    PLAN_CHANGE_KIND_CREATED: _ClassVar[PlanChangeKind]
    PLAN_CHANGE_KIND_STEP_UPDATED: _ClassVar[PlanChangeKind]
    PLAN_CHANGE_KIND_CONFIRMED: _ClassVar[PlanChangeKind]
    PLAN_CHANGE_KIND_COMPLETED: _ClassVar[PlanChangeKind]
    PLAN_CHANGE_KIND_FAILED: _ClassVar[PlanChangeKind]
    PLAN_CHANGE_KIND_SUPERSEDED: _ClassVar[PlanChangeKind]
EVENT_KIND_UNSPECIFIED: EventKind
EVENT_KIND_CYCLE_STARTED: EventKind
EVENT_KIND_OBSERVED: EventKind
EVENT_KIND_ORIENTED: EventKind
EVENT_KIND_DECIDED: EventKind
EVENT_KIND_ACTED: EventKind
EVENT_KIND_GOAL_CHANGED: EventKind
EVENT_KIND_PLAN_CHANGED: EventKind
EVENT_KIND_REFLECTED: EventKind
EVENT_KIND_APPROVAL_REQUESTED: EventKind
EVENT_KIND_APPROVAL_RESOLVED: EventKind
EVENT_KIND_CYCLE_FINISHED: EventKind
GOAL_CHANGE_KIND_UNSPECIFIED: GoalChangeKind
GOAL_CHANGE_KIND_CREATED: GoalChangeKind
GOAL_CHANGE_KIND_STATUS: GoalChangeKind
GOAL_CHANGE_KIND_PRIORITY: GoalChangeKind
GOAL_CHANGE_KIND_DECOMPOSED: GoalChangeKind
GOAL_CHANGE_KIND_PROGRESS: GoalChangeKind
PLAN_CHANGE_KIND_UNSPECIFIED: PlanChangeKind
PLAN_CHANGE_KIND_CREATED: PlanChangeKind
PLAN_CHANGE_KIND_STEP_UPDATED: PlanChangeKind
PLAN_CHANGE_KIND_CONFIRMED: PlanChangeKind
PLAN_CHANGE_KIND_COMPLETED: PlanChangeKind
PLAN_CHANGE_KIND_FAILED: PlanChangeKind
PLAN_CHANGE_KIND_SUPERSEDED: PlanChangeKind

class CycleStarted(_message.Message):
    __slots__ = ("active_goal_ids", "max_cycles")
    ACTIVE_GOAL_IDS_FIELD_NUMBER: _ClassVar[int]
    MAX_CYCLES_FIELD_NUMBER: _ClassVar[int]
    active_goal_ids: _containers.RepeatedScalarFieldContainer[str]
    max_cycles: int
    def __init__(self, active_goal_ids: _Optional[_Iterable[str]] = ..., max_cycles: _Optional[int] = ...) -> None: ...

class Observed(_message.Message):
    __slots__ = ("observation",)
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    observation: _observe_pb2.Observation
    def __init__(self, observation: _Optional[_Union[_observe_pb2.Observation, _Mapping]] = ...) -> None: ...

class Oriented(_message.Message):
    __slots__ = ("orientation",)
    ORIENTATION_FIELD_NUMBER: _ClassVar[int]
    orientation: _orient_pb2.Orientation
    def __init__(self, orientation: _Optional[_Union[_orient_pb2.Orientation, _Mapping]] = ...) -> None: ...

class Decided(_message.Message):
    __slots__ = ("decision",)
    DECISION_FIELD_NUMBER: _ClassVar[int]
    decision: _decide_pb2.Decision
    def __init__(self, decision: _Optional[_Union[_decide_pb2.Decision, _Mapping]] = ...) -> None: ...

class Acted(_message.Message):
    __slots__ = ("result",)
    RESULT_FIELD_NUMBER: _ClassVar[int]
    result: _act_pb2.ActionResult
    def __init__(self, result: _Optional[_Union[_act_pb2.ActionResult, _Mapping]] = ...) -> None: ...

class GoalChanged(_message.Message):
    __slots__ = ("goal", "change", "previous_status", "previous_priority", "reason")
    GOAL_FIELD_NUMBER: _ClassVar[int]
    CHANGE_FIELD_NUMBER: _ClassVar[int]
    PREVIOUS_STATUS_FIELD_NUMBER: _ClassVar[int]
    PREVIOUS_PRIORITY_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    goal: _common_pb2.Goal
    change: GoalChangeKind
    previous_status: _common_pb2.GoalStatus
    previous_priority: int
    reason: str
    def __init__(self, goal: _Optional[_Union[_common_pb2.Goal, _Mapping]] = ..., change: _Optional[_Union[GoalChangeKind, str]] = ..., previous_status: _Optional[_Union[_common_pb2.GoalStatus, str]] = ..., previous_priority: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class PlanChanged(_message.Message):
    __slots__ = ("plan", "change", "step_index")
    PLAN_FIELD_NUMBER: _ClassVar[int]
    CHANGE_FIELD_NUMBER: _ClassVar[int]
    STEP_INDEX_FIELD_NUMBER: _ClassVar[int]
    plan: _common_pb2.Plan
    change: PlanChangeKind
    step_index: int
    def __init__(self, plan: _Optional[_Union[_common_pb2.Plan, _Mapping]] = ..., change: _Optional[_Union[PlanChangeKind, str]] = ..., step_index: _Optional[int] = ...) -> None: ...

class Reflected(_message.Message):
    __slots__ = ("report",)
    REPORT_FIELD_NUMBER: _ClassVar[int]
    report: _common_pb2.ReflectionReport
    def __init__(self, report: _Optional[_Union[_common_pb2.ReflectionReport, _Mapping]] = ...) -> None: ...

class ApprovalRequested(_message.Message):
    __slots__ = ("request",)
    REQUEST_FIELD_NUMBER: _ClassVar[int]
    request: _common_pb2.ApprovalRequest
    def __init__(self, request: _Optional[_Union[_common_pb2.ApprovalRequest, _Mapping]] = ...) -> None: ...

class ApprovalResolved(_message.Message):
    __slots__ = ("decision",)
    DECISION_FIELD_NUMBER: _ClassVar[int]
    decision: _common_pb2.ApprovalDecision
    def __init__(self, decision: _Optional[_Union[_common_pb2.ApprovalDecision, _Mapping]] = ...) -> None: ...

class CycleFinished(_message.Message):
    __slots__ = ("tool_name", "outcome", "progress", "working_memory_size", "memory_pressure", "session_version", "duration_ms", "stop_reason", "warnings", "phase_ms", "consolidated")
    class PhaseMsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_FIELD_NUMBER: _ClassVar[int]
    WORKING_MEMORY_SIZE_FIELD_NUMBER: _ClassVar[int]
    MEMORY_PRESSURE_FIELD_NUMBER: _ClassVar[int]
    SESSION_VERSION_FIELD_NUMBER: _ClassVar[int]
    DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    STOP_REASON_FIELD_NUMBER: _ClassVar[int]
    WARNINGS_FIELD_NUMBER: _ClassVar[int]
    PHASE_MS_FIELD_NUMBER: _ClassVar[int]
    CONSOLIDATED_FIELD_NUMBER: _ClassVar[int]
    tool_name: str
    outcome: _act_pb2.ActionOutcome
    progress: _containers.RepeatedCompositeFieldContainer[_common_pb2.GoalProgress]
    working_memory_size: int
    memory_pressure: float
    session_version: int
    duration_ms: int
    stop_reason: _common_pb2.StopReason
    warnings: _containers.RepeatedScalarFieldContainer[str]
    phase_ms: _containers.ScalarMap[str, int]
    consolidated: _containers.RepeatedCompositeFieldContainer[_common_pb2.EpisodicEntry]
    def __init__(self, tool_name: _Optional[str] = ..., outcome: _Optional[_Union[_act_pb2.ActionOutcome, str]] = ..., progress: _Optional[_Iterable[_Union[_common_pb2.GoalProgress, _Mapping]]] = ..., working_memory_size: _Optional[int] = ..., memory_pressure: _Optional[float] = ..., session_version: _Optional[int] = ..., duration_ms: _Optional[int] = ..., stop_reason: _Optional[_Union[_common_pb2.StopReason, str]] = ..., warnings: _Optional[_Iterable[str]] = ..., phase_ms: _Optional[_Mapping[str, int]] = ..., consolidated: _Optional[_Iterable[_Union[_common_pb2.EpisodicEntry, _Mapping]]] = ...) -> None: ...

class Event(_message.Message):
    __slots__ = ("agent_id", "cycle", "time_unix_ms", "trace_id", "sequence", "cycle_started", "observed", "oriented", "decided", "acted", "goal_changed", "plan_changed", "reflected", "approval_requested", "approval_resolved", "cycle_finished")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    CYCLE_FIELD_NUMBER: _ClassVar[int]
    TIME_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    TRACE_ID_FIELD_NUMBER: _ClassVar[int]
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    CYCLE_STARTED_FIELD_NUMBER: _ClassVar[int]
    OBSERVED_FIELD_NUMBER: _ClassVar[int]
    ORIENTED_FIELD_NUMBER: _ClassVar[int]
    DECIDED_FIELD_NUMBER: _ClassVar[int]
    ACTED_FIELD_NUMBER: _ClassVar[int]
    GOAL_CHANGED_FIELD_NUMBER: _ClassVar[int]
    PLAN_CHANGED_FIELD_NUMBER: _ClassVar[int]
    REFLECTED_FIELD_NUMBER: _ClassVar[int]
    APPROVAL_REQUESTED_FIELD_NUMBER: _ClassVar[int]
    APPROVAL_RESOLVED_FIELD_NUMBER: _ClassVar[int]
    CYCLE_FINISHED_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    cycle: int
    time_unix_ms: int
    trace_id: str
    sequence: int
    cycle_started: CycleStarted
    observed: Observed
    oriented: Oriented
    decided: Decided
    acted: Acted
    goal_changed: GoalChanged
    plan_changed: PlanChanged
    reflected: Reflected
    approval_requested: ApprovalRequested
    approval_resolved: ApprovalResolved
    cycle_finished: CycleFinished
    def __init__(self, agent_id: _Optional[str] = ..., cycle: _Optional[int] = ..., time_unix_ms: _Optional[int] = ..., trace_id: _Optional[str] = ..., sequence: _Optional[int] = ..., cycle_started: _Optional[_Union[CycleStarted, _Mapping]] = ..., observed: _Optional[_Union[Observed, _Mapping]] = ..., oriented: _Optional[_Union[Oriented, _Mapping]] = ..., decided: _Optional[_Union[Decided, _Mapping]] = ..., acted: _Optional[_Union[Acted, _Mapping]] = ..., goal_changed: _Optional[_Union[GoalChanged, _Mapping]] = ..., plan_changed: _Optional[_Union[PlanChanged, _Mapping]] = ..., reflected: _Optional[_Union[Reflected, _Mapping]] = ..., approval_requested: _Optional[_Union[ApprovalRequested, _Mapping]] = ..., approval_resolved: _Optional[_Union[ApprovalResolved, _Mapping]] = ..., cycle_finished: _Optional[_Union[CycleFinished, _Mapping]] = ...) -> None: ...
