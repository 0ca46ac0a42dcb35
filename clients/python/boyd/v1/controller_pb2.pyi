from boyd.v1 import act_pb2 as _act_pb2
from boyd.v1 import common_pb2 as _common_pb2
from boyd.v1 import decide_pb2 as _decide_pb2
from boyd.v1 import events_pb2 as _events_pb2
from boyd.v1 import memory_pb2 as _memory_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class AgentState(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    AGENT_STATE_UNSPECIFIED: _ClassVar[AgentState]
    AGENT_STATE_IDLE: _ClassVar[AgentState]
    AGENT_STATE_RUNNING: _ClassVar[AgentState]
    AGENT_STATE_AWAITING_APPROVAL: _ClassVar[AgentState]
    AGENT_STATE_STOPPED: _ClassVar[AgentState]
    AGENT_STATE_FAILED: _ClassVar[AgentState]
    AGENT_STATE_PAUSED: _ClassVar[AgentState]
AGENT_STATE_UNSPECIFIED: AgentState
AGENT_STATE_IDLE: AgentState
AGENT_STATE_RUNNING: AgentState
AGENT_STATE_AWAITING_APPROVAL: AgentState
AGENT_STATE_STOPPED: AgentState
AGENT_STATE_FAILED: AgentState
AGENT_STATE_PAUSED: AgentState

class AgentInfo(_message.Message):
    __slots__ = ("agent_id", "name", "state", "cycle_count", "active_goals", "completed_goals", "failed_goals", "working_memory_size", "memory_pressure", "pending_approvals", "config", "psyche", "last_stop_reason", "session_version", "created_at_unix_ms", "updated_at_unix_ms", "owner_replica", "started")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    CYCLE_COUNT_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_GOALS_FIELD_NUMBER: _ClassVar[int]
    COMPLETED_GOALS_FIELD_NUMBER: _ClassVar[int]
    FAILED_GOALS_FIELD_NUMBER: _ClassVar[int]
    WORKING_MEMORY_SIZE_FIELD_NUMBER: _ClassVar[int]
    MEMORY_PRESSURE_FIELD_NUMBER: _ClassVar[int]
    PENDING_APPROVALS_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    PSYCHE_FIELD_NUMBER: _ClassVar[int]
    LAST_STOP_REASON_FIELD_NUMBER: _ClassVar[int]
    SESSION_VERSION_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    OWNER_REPLICA_FIELD_NUMBER: _ClassVar[int]
    STARTED_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    name: str
    state: AgentState
    cycle_count: int
    active_goals: int
    completed_goals: int
    failed_goals: int
    working_memory_size: int
    memory_pressure: float
    pending_approvals: _containers.RepeatedCompositeFieldContainer[_common_pb2.ApprovalRequest]
    config: _common_pb2.AgentConfig
    psyche: _common_pb2.Psyche
    last_stop_reason: _common_pb2.StopReason
    session_version: int
    created_at_unix_ms: int
    updated_at_unix_ms: int
    owner_replica: str
    started: bool
    def __init__(self, agent_id: _Optional[str] = ..., name: _Optional[str] = ..., state: _Optional[_Union[AgentState, str]] = ..., cycle_count: _Optional[int] = ..., active_goals: _Optional[int] = ..., completed_goals: _Optional[int] = ..., failed_goals: _Optional[int] = ..., working_memory_size: _Optional[int] = ..., memory_pressure: _Optional[float] = ..., pending_approvals: _Optional[_Iterable[_Union[_common_pb2.ApprovalRequest, _Mapping]]] = ..., config: _Optional[_Union[_common_pb2.AgentConfig, _Mapping]] = ..., psyche: _Optional[_Union[_common_pb2.Psyche, _Mapping]] = ..., last_stop_reason: _Optional[_Union[_common_pb2.StopReason, str]] = ..., session_version: _Optional[int] = ..., created_at_unix_ms: _Optional[int] = ..., updated_at_unix_ms: _Optional[int] = ..., owner_replica: _Optional[str] = ..., started: _Optional[bool] = ...) -> None: ...

class NewGoal(_message.Message):
    __slots__ = ("description", "success_criteria", "priority", "stall_threshold", "parent_id", "blocked_by")
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    SUCCESS_CRITERIA_FIELD_NUMBER: _ClassVar[int]
    PRIORITY_FIELD_NUMBER: _ClassVar[int]
    STALL_THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    PARENT_ID_FIELD_NUMBER: _ClassVar[int]
    BLOCKED_BY_FIELD_NUMBER: _ClassVar[int]
    description: str
    success_criteria: str
    priority: int
    stall_threshold: int
    parent_id: str
    blocked_by: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, description: _Optional[str] = ..., success_criteria: _Optional[str] = ..., priority: _Optional[int] = ..., stall_threshold: _Optional[int] = ..., parent_id: _Optional[str] = ..., blocked_by: _Optional[_Iterable[str]] = ...) -> None: ...

class CycleReport(_message.Message):
    __slots__ = ("cycle", "decision", "result", "progress", "changed_goals", "reflection", "consolidated", "stop_reason", "duration_ms", "warnings", "phase_ms", "plan")
    class PhaseMsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    CYCLE_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_FIELD_NUMBER: _ClassVar[int]
    CHANGED_GOALS_FIELD_NUMBER: _ClassVar[int]
    REFLECTION_FIELD_NUMBER: _ClassVar[int]
    CONSOLIDATED_FIELD_NUMBER: _ClassVar[int]
    STOP_REASON_FIELD_NUMBER: _ClassVar[int]
    DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    WARNINGS_FIELD_NUMBER: _ClassVar[int]
    PHASE_MS_FIELD_NUMBER: _ClassVar[int]
    PLAN_FIELD_NUMBER: _ClassVar[int]
    cycle: int
    decision: _decide_pb2.Decision
    result: _act_pb2.ActionResult
    progress: _containers.RepeatedCompositeFieldContainer[_common_pb2.GoalProgress]
    changed_goals: _containers.RepeatedCompositeFieldContainer[_common_pb2.Goal]
    reflection: _common_pb2.ReflectionReport
    consolidated: _containers.RepeatedCompositeFieldContainer[_common_pb2.EpisodicEntry]
    stop_reason: _common_pb2.StopReason
    duration_ms: int
    warnings: _containers.RepeatedScalarFieldContainer[str]
    phase_ms: _containers.ScalarMap[str, int]
    plan: _common_pb2.Plan
    def __init__(self, cycle: _Optional[int] = ..., decision: _Optional[_Union[_decide_pb2.Decision, _Mapping]] = ..., result: _Optional[_Union[_act_pb2.ActionResult, _Mapping]] = ..., progress: _Optional[_Iterable[_Union[_common_pb2.GoalProgress, _Mapping]]] = ..., changed_goals: _Optional[_Iterable[_Union[_common_pb2.Goal, _Mapping]]] = ..., reflection: _Optional[_Union[_common_pb2.ReflectionReport, _Mapping]] = ..., consolidated: _Optional[_Iterable[_Union[_common_pb2.EpisodicEntry, _Mapping]]] = ..., stop_reason: _Optional[_Union[_common_pb2.StopReason, str]] = ..., duration_ms: _Optional[int] = ..., warnings: _Optional[_Iterable[str]] = ..., phase_ms: _Optional[_Mapping[str, int]] = ..., plan: _Optional[_Union[_common_pb2.Plan, _Mapping]] = ...) -> None: ...

class RunReport(_message.Message):
    __slots__ = ("cycles_run", "final_cycle", "stop_reason", "goals", "message")
    CYCLES_RUN_FIELD_NUMBER: _ClassVar[int]
    FINAL_CYCLE_FIELD_NUMBER: _ClassVar[int]
    STOP_REASON_FIELD_NUMBER: _ClassVar[int]
    GOALS_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    cycles_run: int
    final_cycle: int
    stop_reason: _common_pb2.StopReason
    goals: _containers.RepeatedCompositeFieldContainer[_common_pb2.Goal]
    message: str
    def __init__(self, cycles_run: _Optional[int] = ..., final_cycle: _Optional[int] = ..., stop_reason: _Optional[_Union[_common_pb2.StopReason, str]] = ..., goals: _Optional[_Iterable[_Union[_common_pb2.Goal, _Mapping]]] = ..., message: _Optional[str] = ...) -> None: ...

class CreateAgentRequest(_message.Message):
    __slots__ = ("agent_id", "name", "config", "psyche", "goals", "fresh")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    PSYCHE_FIELD_NUMBER: _ClassVar[int]
    GOALS_FIELD_NUMBER: _ClassVar[int]
    FRESH_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    name: str
    config: _common_pb2.AgentConfig
    psyche: _common_pb2.Psyche
    goals: _containers.RepeatedCompositeFieldContainer[NewGoal]
    fresh: bool
    def __init__(self, agent_id: _Optional[str] = ..., name: _Optional[str] = ..., config: _Optional[_Union[_common_pb2.AgentConfig, _Mapping]] = ..., psyche: _Optional[_Union[_common_pb2.Psyche, _Mapping]] = ..., goals: _Optional[_Iterable[_Union[NewGoal, _Mapping]]] = ..., fresh: _Optional[bool] = ...) -> None: ...

class CreateAgentResponse(_message.Message):
    __slots__ = ("agent", "goals")
    AGENT_FIELD_NUMBER: _ClassVar[int]
    GOALS_FIELD_NUMBER: _ClassVar[int]
    agent: AgentInfo
    goals: _containers.RepeatedCompositeFieldContainer[_common_pb2.Goal]
    def __init__(self, agent: _Optional[_Union[AgentInfo, _Mapping]] = ..., goals: _Optional[_Iterable[_Union[_common_pb2.Goal, _Mapping]]] = ...) -> None: ...

class ListAgentsRequest(_message.Message):
    __slots__ = ("limit", "page_token")
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    limit: int
    page_token: str
    def __init__(self, limit: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListAgentsResponse(_message.Message):
    __slots__ = ("agents", "next_page_token")
    AGENTS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    agents: _containers.RepeatedCompositeFieldContainer[AgentInfo]
    next_page_token: str
    def __init__(self, agents: _Optional[_Iterable[_Union[AgentInfo, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class GetAgentRequest(_message.Message):
    __slots__ = ("agent_id",)
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    def __init__(self, agent_id: _Optional[str] = ...) -> None: ...

class GetAgentResponse(_message.Message):
    __slots__ = ("agent",)
    AGENT_FIELD_NUMBER: _ClassVar[int]
    agent: AgentInfo
    def __init__(self, agent: _Optional[_Union[AgentInfo, _Mapping]] = ...) -> None: ...

class AddGoalRequest(_message.Message):
    __slots__ = ("agent_id", "goal")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    GOAL_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    goal: NewGoal
    def __init__(self, agent_id: _Optional[str] = ..., goal: _Optional[_Union[NewGoal, _Mapping]] = ...) -> None: ...

class AddGoalResponse(_message.Message):
    __slots__ = ("goal",)
    GOAL_FIELD_NUMBER: _ClassVar[int]
    goal: _common_pb2.Goal
    def __init__(self, goal: _Optional[_Union[_common_pb2.Goal, _Mapping]] = ...) -> None: ...

class ListGoalsRequest(_message.Message):
    __slots__ = ("agent_id", "statuses")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    STATUSES_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    statuses: _containers.RepeatedScalarFieldContainer[_common_pb2.GoalStatus]
    def __init__(self, agent_id: _Optional[str] = ..., statuses: _Optional[_Iterable[_Union[_common_pb2.GoalStatus, str]]] = ...) -> None: ...

class ListGoalsResponse(_message.Message):
    __slots__ = ("goals",)
    GOALS_FIELD_NUMBER: _ClassVar[int]
    goals: _containers.RepeatedCompositeFieldContainer[_common_pb2.Goal]
    def __init__(self, goals: _Optional[_Iterable[_Union[_common_pb2.Goal, _Mapping]]] = ...) -> None: ...

class CycleRequest(_message.Message):
    __slots__ = ("agent_id", "goal")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    GOAL_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    goal: NewGoal
    def __init__(self, agent_id: _Optional[str] = ..., goal: _Optional[_Union[NewGoal, _Mapping]] = ...) -> None: ...

class CycleResponse(_message.Message):
    __slots__ = ("report",)
    REPORT_FIELD_NUMBER: _ClassVar[int]
    report: CycleReport
    def __init__(self, report: _Optional[_Union[CycleReport, _Mapping]] = ...) -> None: ...

class RunRequest(_message.Message):
    __slots__ = ("agent_id", "goals", "max_cycles", "fresh", "detach")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    GOALS_FIELD_NUMBER: _ClassVar[int]
    MAX_CYCLES_FIELD_NUMBER: _ClassVar[int]
    FRESH_FIELD_NUMBER: _ClassVar[int]
    DETACH_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    goals: _containers.RepeatedCompositeFieldContainer[NewGoal]
    max_cycles: int
    fresh: bool
    detach: bool
    def __init__(self, agent_id: _Optional[str] = ..., goals: _Optional[_Iterable[_Union[NewGoal, _Mapping]]] = ..., max_cycles: _Optional[int] = ..., fresh: _Optional[bool] = ..., detach: _Optional[bool] = ...) -> None: ...

class RunResponse(_message.Message):
    __slots__ = ("report", "detached")
    REPORT_FIELD_NUMBER: _ClassVar[int]
    DETACHED_FIELD_NUMBER: _ClassVar[int]
    report: RunReport
    detached: bool
    def __init__(self, report: _Optional[_Union[RunReport, _Mapping]] = ..., detached: _Optional[bool] = ...) -> None: ...

class ResumeRequest(_message.Message):
    __slots__ = ("agent_id", "max_cycles", "detach")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    MAX_CYCLES_FIELD_NUMBER: _ClassVar[int]
    DETACH_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    max_cycles: int
    detach: bool
    def __init__(self, agent_id: _Optional[str] = ..., max_cycles: _Optional[int] = ..., detach: _Optional[bool] = ...) -> None: ...

class ResumeResponse(_message.Message):
    __slots__ = ("report", "detached")
    REPORT_FIELD_NUMBER: _ClassVar[int]
    DETACHED_FIELD_NUMBER: _ClassVar[int]
    report: RunReport
    detached: bool
    def __init__(self, report: _Optional[_Union[RunReport, _Mapping]] = ..., detached: _Optional[bool] = ...) -> None: ...

class GetPlanRequest(_message.Message):
    __slots__ = ("agent_id", "goal_id", "generate_if_missing")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    GENERATE_IF_MISSING_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    goal_id: str
    generate_if_missing: bool
    def __init__(self, agent_id: _Optional[str] = ..., goal_id: _Optional[str] = ..., generate_if_missing: _Optional[bool] = ...) -> None: ...

class GetPlanResponse(_message.Message):
    __slots__ = ("plan",)
    PLAN_FIELD_NUMBER: _ClassVar[int]
    plan: _common_pb2.Plan
    def __init__(self, plan: _Optional[_Union[_common_pb2.Plan, _Mapping]] = ...) -> None: ...

class ReflectRequest(_message.Message):
    __slots__ = ("agent_id", "apply")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    APPLY_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    apply: bool
    def __init__(self, agent_id: _Optional[str] = ..., apply: _Optional[bool] = ...) -> None: ...

class ReflectResponse(_message.Message):
    __slots__ = ("report",)
    REPORT_FIELD_NUMBER: _ClassVar[int]
    report: _common_pb2.ReflectionReport
    def __init__(self, report: _Optional[_Union[_common_pb2.ReflectionReport, _Mapping]] = ...) -> None: ...

class ConsolidateRequest(_message.Message):
    __slots__ = ("agent_id", "trigger")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    TRIGGER_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    trigger: _memory_pb2.ConsolidationTrigger
    def __init__(self, agent_id: _Optional[str] = ..., trigger: _Optional[_Union[_memory_pb2.ConsolidationTrigger, str]] = ...) -> None: ...

class ConsolidateResponse(_message.Message):
    __slots__ = ("episodes", "entries_removed", "pressure_after")
    EPISODES_FIELD_NUMBER: _ClassVar[int]
    ENTRIES_REMOVED_FIELD_NUMBER: _ClassVar[int]
    PRESSURE_AFTER_FIELD_NUMBER: _ClassVar[int]
    episodes: _containers.RepeatedCompositeFieldContainer[_common_pb2.EpisodicEntry]
    entries_removed: int
    pressure_after: float
    def __init__(self, episodes: _Optional[_Iterable[_Union[_common_pb2.EpisodicEntry, _Mapping]]] = ..., entries_removed: _Optional[int] = ..., pressure_after: _Optional[float] = ...) -> None: ...

class AgentServiceListRulesRequest(_message.Message):
    __slots__ = ("agent_id", "limit")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    limit: int
    def __init__(self, agent_id: _Optional[str] = ..., limit: _Optional[int] = ...) -> None: ...

class AgentServiceListRulesResponse(_message.Message):
    __slots__ = ("rules",)
    RULES_FIELD_NUMBER: _ClassVar[int]
    rules: _containers.RepeatedCompositeFieldContainer[_memory_pb2.BehaviorRule]
    def __init__(self, rules: _Optional[_Iterable[_Union[_memory_pb2.BehaviorRule, _Mapping]]] = ...) -> None: ...

class AgentServiceRemoveRuleRequest(_message.Message):
    __slots__ = ("agent_id", "rule_id")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    RULE_ID_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    rule_id: str
    def __init__(self, agent_id: _Optional[str] = ..., rule_id: _Optional[str] = ...) -> None: ...

class AgentServiceRemoveRuleResponse(_message.Message):
    __slots__ = ("rule", "corrections_removed", "facts_removed")
    RULE_FIELD_NUMBER: _ClassVar[int]
    CORRECTIONS_REMOVED_FIELD_NUMBER: _ClassVar[int]
    FACTS_REMOVED_FIELD_NUMBER: _ClassVar[int]
    rule: _memory_pb2.BehaviorRule
    corrections_removed: int
    facts_removed: int
    def __init__(self, rule: _Optional[_Union[_memory_pb2.BehaviorRule, _Mapping]] = ..., corrections_removed: _Optional[int] = ..., facts_removed: _Optional[int] = ...) -> None: ...

class RecallRequest(_message.Message):
    __slots__ = ("agent_id", "query", "top_k")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    QUERY_FIELD_NUMBER: _ClassVar[int]
    TOP_K_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    query: str
    top_k: int
    def __init__(self, agent_id: _Optional[str] = ..., query: _Optional[str] = ..., top_k: _Optional[int] = ...) -> None: ...

class RecallResponse(_message.Message):
    __slots__ = ("episodes", "facts", "fact_scores")
    EPISODES_FIELD_NUMBER: _ClassVar[int]
    FACTS_FIELD_NUMBER: _ClassVar[int]
    FACT_SCORES_FIELD_NUMBER: _ClassVar[int]
    episodes: _containers.RepeatedCompositeFieldContainer[_common_pb2.EpisodicEntry]
    facts: _containers.RepeatedCompositeFieldContainer[_memory_pb2.Fact]
    fact_scores: _containers.RepeatedCompositeFieldContainer[_memory_pb2.RecallScore]
    def __init__(self, episodes: _Optional[_Iterable[_Union[_common_pb2.EpisodicEntry, _Mapping]]] = ..., facts: _Optional[_Iterable[_Union[_memory_pb2.Fact, _Mapping]]] = ..., fact_scores: _Optional[_Iterable[_Union[_memory_pb2.RecallScore, _Mapping]]] = ...) -> None: ...

class ResolveApprovalRequest(_message.Message):
    __slots__ = ("decision",)
    DECISION_FIELD_NUMBER: _ClassVar[int]
    decision: _common_pb2.ApprovalDecision
    def __init__(self, decision: _Optional[_Union[_common_pb2.ApprovalDecision, _Mapping]] = ...) -> None: ...

class ResolveApprovalResponse(_message.Message):
    __slots__ = ("request",)
    REQUEST_FIELD_NUMBER: _ClassVar[int]
    request: _common_pb2.ApprovalRequest
    def __init__(self, request: _Optional[_Union[_common_pb2.ApprovalRequest, _Mapping]] = ...) -> None: ...

class ListApprovalsRequest(_message.Message):
    __slots__ = ("agent_id",)
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    def __init__(self, agent_id: _Optional[str] = ...) -> None: ...

class ListApprovalsResponse(_message.Message):
    __slots__ = ("requests",)
    REQUESTS_FIELD_NUMBER: _ClassVar[int]
    requests: _containers.RepeatedCompositeFieldContainer[_common_pb2.ApprovalRequest]
    def __init__(self, requests: _Optional[_Iterable[_Union[_common_pb2.ApprovalRequest, _Mapping]]] = ...) -> None: ...

class WatchEventsRequest(_message.Message):
    __slots__ = ("agent_id", "kinds", "from_sequence")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    KINDS_FIELD_NUMBER: _ClassVar[int]
    FROM_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    kinds: _containers.RepeatedScalarFieldContainer[_events_pb2.EventKind]
    from_sequence: int
    def __init__(self, agent_id: _Optional[str] = ..., kinds: _Optional[_Iterable[_Union[_events_pb2.EventKind, str]]] = ..., from_sequence: _Optional[int] = ...) -> None: ...

class WatchEventsResponse(_message.Message):
    __slots__ = ("event",)
    EVENT_FIELD_NUMBER: _ClassVar[int]
    event: _events_pb2.Event
    def __init__(self, event: _Optional[_Union[_events_pb2.Event, _Mapping]] = ...) -> None: ...

class ThinkRequest(_message.Message):
    __slots__ = ("agent_id", "question", "max_iterations", "convergence_threshold", "promote")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    QUESTION_FIELD_NUMBER: _ClassVar[int]
    MAX_ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    CONVERGENCE_THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    PROMOTE_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    question: str
    max_iterations: int
    convergence_threshold: float
    promote: bool
    def __init__(self, agent_id: _Optional[str] = ..., question: _Optional[str] = ..., max_iterations: _Optional[int] = ..., convergence_threshold: _Optional[float] = ..., promote: _Optional[bool] = ...) -> None: ...

class ThinkStepSignal(_message.Message):
    __slots__ = ("k", "query", "error", "integral", "gain", "reward", "hits", "matched_terms", "new_terms", "observation")
    K_FIELD_NUMBER: _ClassVar[int]
    QUERY_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    INTEGRAL_FIELD_NUMBER: _ClassVar[int]
    GAIN_FIELD_NUMBER: _ClassVar[int]
    REWARD_FIELD_NUMBER: _ClassVar[int]
    HITS_FIELD_NUMBER: _ClassVar[int]
    MATCHED_TERMS_FIELD_NUMBER: _ClassVar[int]
    NEW_TERMS_FIELD_NUMBER: _ClassVar[int]
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    k: int
    query: str
    error: float
    integral: float
    gain: float
    reward: float
    hits: int
    matched_terms: _containers.RepeatedScalarFieldContainer[str]
    new_terms: _containers.RepeatedScalarFieldContainer[str]
    observation: str
    def __init__(self, k: _Optional[int] = ..., query: _Optional[str] = ..., error: _Optional[float] = ..., integral: _Optional[float] = ..., gain: _Optional[float] = ..., reward: _Optional[float] = ..., hits: _Optional[int] = ..., matched_terms: _Optional[_Iterable[str]] = ..., new_terms: _Optional[_Iterable[str]] = ..., observation: _Optional[str] = ...) -> None: ...

class ThinkPassage(_message.Message):
    __slots__ = ("passage", "source", "question_terms")
    PASSAGE_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    QUESTION_TERMS_FIELD_NUMBER: _ClassVar[int]
    passage: str
    source: str
    question_terms: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, passage: _Optional[str] = ..., source: _Optional[str] = ..., question_terms: _Optional[_Iterable[str]] = ...) -> None: ...

class ThinkResponse(_message.Message):
    __slots__ = ("state", "reason", "steps", "final_error", "missing_terms", "answer", "promoted_fact_ids")
    STATE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    FINAL_ERROR_FIELD_NUMBER: _ClassVar[int]
    MISSING_TERMS_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    PROMOTED_FACT_IDS_FIELD_NUMBER: _ClassVar[int]
    state: _common_pb2.LoopState
    reason: str
    steps: _containers.RepeatedCompositeFieldContainer[ThinkStepSignal]
    final_error: float
    missing_terms: _containers.RepeatedScalarFieldContainer[str]
    answer: _containers.RepeatedCompositeFieldContainer[ThinkPassage]
    promoted_fact_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, state: _Optional[_Union[_common_pb2.LoopState, str]] = ..., reason: _Optional[str] = ..., steps: _Optional[_Iterable[_Union[ThinkStepSignal, _Mapping]]] = ..., final_error: _Optional[float] = ..., missing_terms: _Optional[_Iterable[str]] = ..., answer: _Optional[_Iterable[_Union[ThinkPassage, _Mapping]]] = ..., promoted_fact_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class RunCyclesRequest(_message.Message):
    __slots__ = ("run",)
    RUN_FIELD_NUMBER: _ClassVar[int]
    run: RunRequest
    def __init__(self, run: _Optional[_Union[RunRequest, _Mapping]] = ...) -> None: ...

class RunCyclesResponse(_message.Message):
    __slots__ = ("event", "report")
    EVENT_FIELD_NUMBER: _ClassVar[int]
    REPORT_FIELD_NUMBER: _ClassVar[int]
    event: _events_pb2.Event
    report: RunReport
    def __init__(self, event: _Optional[_Union[_events_pb2.Event, _Mapping]] = ..., report: _Optional[_Union[RunReport, _Mapping]] = ...) -> None: ...

class StartAgentRequest(_message.Message):
    __slots__ = ("agent_id", "goals", "max_cycles")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    GOALS_FIELD_NUMBER: _ClassVar[int]
    MAX_CYCLES_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    goals: _containers.RepeatedCompositeFieldContainer[NewGoal]
    max_cycles: int
    def __init__(self, agent_id: _Optional[str] = ..., goals: _Optional[_Iterable[_Union[NewGoal, _Mapping]]] = ..., max_cycles: _Optional[int] = ...) -> None: ...

class StartAgentResponse(_message.Message):
    __slots__ = ("agent",)
    AGENT_FIELD_NUMBER: _ClassVar[int]
    agent: AgentInfo
    def __init__(self, agent: _Optional[_Union[AgentInfo, _Mapping]] = ...) -> None: ...

class PauseAgentRequest(_message.Message):
    __slots__ = ("agent_id",)
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    def __init__(self, agent_id: _Optional[str] = ...) -> None: ...

class PauseAgentResponse(_message.Message):
    __slots__ = ("agent",)
    AGENT_FIELD_NUMBER: _ClassVar[int]
    agent: AgentInfo
    def __init__(self, agent: _Optional[_Union[AgentInfo, _Mapping]] = ...) -> None: ...
