from boyd.v1 import act_pb2 as _act_pb2
from boyd.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class PressureLevel(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PRESSURE_LEVEL_UNSPECIFIED: _ClassVar[PressureLevel]
    PRESSURE_LEVEL_NORMAL: _ClassVar[PressureLevel]
    PRESSURE_LEVEL_WARNING: _ClassVar[PressureLevel]
    PRESSURE_LEVEL_CRITICAL: _ClassVar[PressureLevel]

class ConsolidationTrigger(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CONSOLIDATION_TRIGGER_UNSPECIFIED: _ClassVar[ConsolidationTrigger]
    CONSOLIDATION_TRIGGER_PRESSURE: _ClassVar[ConsolidationTrigger]
    CONSOLIDATION_TRIGGER_MANUAL: _ClassVar[ConsolidationTrigger]
    CONSOLIDATION_TRIGGER_REFLECTION: _ClassVar[ConsolidationTrigger]
    CONSOLIDATION_TRIGGER_SESSION_END: _ClassVar[ConsolidationTrigger]
PRESSURE_LEVEL_UNSPECIFIED: PressureLevel
PRESSURE_LEVEL_NORMAL: PressureLevel
PRESSURE_LEVEL_WARNING: PressureLevel
PRESSURE_LEVEL_CRITICAL: PressureLevel
CONSOLIDATION_TRIGGER_UNSPECIFIED: ConsolidationTrigger
CONSOLIDATION_TRIGGER_PRESSURE: ConsolidationTrigger
CONSOLIDATION_TRIGGER_MANUAL: ConsolidationTrigger
CONSOLIDATION_TRIGGER_REFLECTION: ConsolidationTrigger
CONSOLIDATION_TRIGGER_SESSION_END: ConsolidationTrigger

class Fact(_message.Message):
    __slots__ = ("id", "agent_id", "content", "source", "tags", "cycle", "created_at_unix_ms")
    ID_FIELD_NUMBER: _ClassVar[int]
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    TAGS_FIELD_NUMBER: _ClassVar[int]
    CYCLE_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    id: str
    agent_id: str
    content: str
    source: str
    tags: _containers.RepeatedScalarFieldContainer[str]
    cycle: int
    created_at_unix_ms: int
    def __init__(self, id: _Optional[str] = ..., agent_id: _Optional[str] = ..., content: _Optional[str] = ..., source: _Optional[str] = ..., tags: _Optional[_Iterable[str]] = ..., cycle: _Optional[int] = ..., created_at_unix_ms: _Optional[int] = ...) -> None: ...

class Correction(_message.Message):
    __slots__ = ("id", "agent_id", "original", "corrected", "context", "tool_name", "approval_id", "cycle", "created_at_unix_ms", "denied_by_person")
    ID_FIELD_NUMBER: _ClassVar[int]
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    ORIGINAL_FIELD_NUMBER: _ClassVar[int]
    CORRECTED_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_FIELD_NUMBER: _ClassVar[int]
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    APPROVAL_ID_FIELD_NUMBER: _ClassVar[int]
    CYCLE_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    DENIED_BY_PERSON_FIELD_NUMBER: _ClassVar[int]
    id: str
    agent_id: str
    original: str
    corrected: str
    context: str
    tool_name: str
    approval_id: str
    cycle: int
    created_at_unix_ms: int
    denied_by_person: bool
    def __init__(self, id: _Optional[str] = ..., agent_id: _Optional[str] = ..., original: _Optional[str] = ..., corrected: _Optional[str] = ..., context: _Optional[str] = ..., tool_name: _Optional[str] = ..., approval_id: _Optional[str] = ..., cycle: _Optional[int] = ..., created_at_unix_ms: _Optional[int] = ..., denied_by_person: _Optional[bool] = ...) -> None: ...

class BehaviorRule(_message.Message):
    __slots__ = ("id", "text", "support_count", "source_ids", "updated_at_unix_ms", "tool_name", "match_call", "score_adjustment", "origin")
    ID_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    SUPPORT_COUNT_FIELD_NUMBER: _ClassVar[int]
    SOURCE_IDS_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    MATCH_CALL_FIELD_NUMBER: _ClassVar[int]
    SCORE_ADJUSTMENT_FIELD_NUMBER: _ClassVar[int]
    ORIGIN_FIELD_NUMBER: _ClassVar[int]
    id: str
    text: str
    support_count: int
    source_ids: _containers.RepeatedScalarFieldContainer[str]
    updated_at_unix_ms: int
    tool_name: str
    match_call: str
    score_adjustment: float
    origin: str
    def __init__(self, id: _Optional[str] = ..., text: _Optional[str] = ..., support_count: _Optional[int] = ..., source_ids: _Optional[_Iterable[str]] = ..., updated_at_unix_ms: _Optional[int] = ..., tool_name: _Optional[str] = ..., match_call: _Optional[str] = ..., score_adjustment: _Optional[float] = ..., origin: _Optional[str] = ...) -> None: ...

class ProvenanceRecord(_message.Message):
    __slots__ = ("id", "agent_id", "cycle", "kind", "derived_id", "source_ids", "confidence", "tool_name", "detail", "created_at_unix_ms", "score_breakdown", "supporting_triples")
    ID_FIELD_NUMBER: _ClassVar[int]
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    CYCLE_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    DERIVED_ID_FIELD_NUMBER: _ClassVar[int]
    SOURCE_IDS_FIELD_NUMBER: _ClassVar[int]
    CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    SCORE_BREAKDOWN_FIELD_NUMBER: _ClassVar[int]
    SUPPORTING_TRIPLES_FIELD_NUMBER: _ClassVar[int]
    id: str
    agent_id: str
    cycle: int
    kind: _common_pb2.DerivationKind
    derived_id: str
    source_ids: _containers.RepeatedScalarFieldContainer[str]
    confidence: float
    tool_name: str
    detail: str
    created_at_unix_ms: int
    score_breakdown: str
    supporting_triples: _containers.RepeatedCompositeFieldContainer[_common_pb2.Triple]
    def __init__(self, id: _Optional[str] = ..., agent_id: _Optional[str] = ..., cycle: _Optional[int] = ..., kind: _Optional[_Union[_common_pb2.DerivationKind, str]] = ..., derived_id: _Optional[str] = ..., source_ids: _Optional[_Iterable[str]] = ..., confidence: _Optional[float] = ..., tool_name: _Optional[str] = ..., detail: _Optional[str] = ..., created_at_unix_ms: _Optional[int] = ..., score_breakdown: _Optional[str] = ..., supporting_triples: _Optional[_Iterable[_Union[_common_pb2.Triple, _Mapping]]] = ...) -> None: ...

class ScheduledJob(_message.Message):
    __slots__ = ("id", "goal_description", "success_criteria", "priority", "cron", "interval_ms", "next_run_unix_ms", "enabled")
    ID_FIELD_NUMBER: _ClassVar[int]
    GOAL_DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    SUCCESS_CRITERIA_FIELD_NUMBER: _ClassVar[int]
    PRIORITY_FIELD_NUMBER: _ClassVar[int]
    CRON_FIELD_NUMBER: _ClassVar[int]
    INTERVAL_MS_FIELD_NUMBER: _ClassVar[int]
    NEXT_RUN_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    ENABLED_FIELD_NUMBER: _ClassVar[int]
    id: str
    goal_description: str
    success_criteria: str
    priority: int
    cron: str
    interval_ms: int
    next_run_unix_ms: int
    enabled: bool
    def __init__(self, id: _Optional[str] = ..., goal_description: _Optional[str] = ..., success_criteria: _Optional[str] = ..., priority: _Optional[int] = ..., cron: _Optional[str] = ..., interval_ms: _Optional[int] = ..., next_run_unix_ms: _Optional[int] = ..., enabled: _Optional[bool] = ...) -> None: ...

class SessionState(_message.Message):
    __slots__ = ("agent_id", "name", "config", "goals", "plans", "cycle_count", "psyche", "working_memory", "tool_calls_used", "iteration_count", "approved_similarity_keys", "last_reflection_cycle", "last_stop_reason", "jobs", "created_at_unix_ms", "updated_at_unix_ms", "tool_runs", "shadow_encounters", "run_id")
    class ToolCallsUsedEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    GOALS_FIELD_NUMBER: _ClassVar[int]
    PLANS_FIELD_NUMBER: _ClassVar[int]
    CYCLE_COUNT_FIELD_NUMBER: _ClassVar[int]
    PSYCHE_FIELD_NUMBER: _ClassVar[int]
    WORKING_MEMORY_FIELD_NUMBER: _ClassVar[int]
    TOOL_CALLS_USED_FIELD_NUMBER: _ClassVar[int]
    ITERATION_COUNT_FIELD_NUMBER: _ClassVar[int]
    APPROVED_SIMILARITY_KEYS_FIELD_NUMBER: _ClassVar[int]
    LAST_REFLECTION_CYCLE_FIELD_NUMBER: _ClassVar[int]
    LAST_STOP_REASON_FIELD_NUMBER: _ClassVar[int]
    JOBS_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    TOOL_RUNS_FIELD_NUMBER: _ClassVar[int]
    SHADOW_ENCOUNTERS_FIELD_NUMBER: _ClassVar[int]
    RUN_ID_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    name: str
    config: _common_pb2.AgentConfig
    goals: _containers.RepeatedCompositeFieldContainer[_common_pb2.Goal]
    plans: _containers.RepeatedCompositeFieldContainer[_common_pb2.Plan]
    cycle_count: int
    psyche: _common_pb2.Psyche
    working_memory: _containers.RepeatedCompositeFieldContainer[_common_pb2.WorkingMemoryEntry]
    tool_calls_used: _containers.ScalarMap[str, int]
    iteration_count: int
    approved_similarity_keys: _containers.RepeatedScalarFieldContainer[str]
    last_reflection_cycle: int
    last_stop_reason: _common_pb2.StopReason
    jobs: _containers.RepeatedCompositeFieldContainer[ScheduledJob]
    created_at_unix_ms: int
    updated_at_unix_ms: int
    tool_runs: _containers.RepeatedCompositeFieldContainer[ToolRun]
    shadow_encounters: int
    run_id: str
    def __init__(self, agent_id: _Optional[str] = ..., name: _Optional[str] = ..., config: _Optional[_Union[_common_pb2.AgentConfig, _Mapping]] = ..., goals: _Optional[_Iterable[_Union[_common_pb2.Goal, _Mapping]]] = ..., plans: _Optional[_Iterable[_Union[_common_pb2.Plan, _Mapping]]] = ..., cycle_count: _Optional[int] = ..., psyche: _Optional[_Union[_common_pb2.Psyche, _Mapping]] = ..., working_memory: _Optional[_Iterable[_Union[_common_pb2.WorkingMemoryEntry, _Mapping]]] = ..., tool_calls_used: _Optional[_Mapping[str, int]] = ..., iteration_count: _Optional[int] = ..., approved_similarity_keys: _Optional[_Iterable[str]] = ..., last_reflection_cycle: _Optional[int] = ..., last_stop_reason: _Optional[_Union[_common_pb2.StopReason, str]] = ..., jobs: _Optional[_Iterable[_Union[ScheduledJob, _Mapping]]] = ..., created_at_unix_ms: _Optional[int] = ..., updated_at_unix_ms: _Optional[int] = ..., tool_runs: _Optional[_Iterable[_Union[ToolRun, _Mapping]]] = ..., shadow_encounters: _Optional[int] = ..., run_id: _Optional[str] = ...) -> None: ...

class ToolRun(_message.Message):
    __slots__ = ("tool_name", "success", "cycle", "goal_id", "outcome")
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    SUCCESS_FIELD_NUMBER: _ClassVar[int]
    CYCLE_FIELD_NUMBER: _ClassVar[int]
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    tool_name: str
    success: bool
    cycle: int
    goal_id: str
    outcome: _act_pb2.ActionOutcome
    def __init__(self, tool_name: _Optional[str] = ..., success: _Optional[bool] = ..., cycle: _Optional[int] = ..., goal_id: _Optional[str] = ..., outcome: _Optional[_Union[_act_pb2.ActionOutcome, str]] = ...) -> None: ...

class RememberRequest(_message.Message):
    __slots__ = ("agent_id", "cycle", "entries", "touch_ids", "capacity", "session", "provenance", "save", "after_position", "include_rules")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    CYCLE_FIELD_NUMBER: _ClassVar[int]
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    TOUCH_IDS_FIELD_NUMBER: _ClassVar[int]
    CAPACITY_FIELD_NUMBER: _ClassVar[int]
    SESSION_FIELD_NUMBER: _ClassVar[int]
    PROVENANCE_FIELD_NUMBER: _ClassVar[int]
    SAVE_FIELD_NUMBER: _ClassVar[int]
    AFTER_POSITION_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_RULES_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    cycle: int
    entries: _containers.RepeatedCompositeFieldContainer[_common_pb2.WorkingMemoryEntry]
    touch_ids: _containers.RepeatedScalarFieldContainer[int]
    capacity: int
    session: RememberSession
    provenance: _containers.RepeatedCompositeFieldContainer[ProvenanceRecord]
    save: SaveSessionRequest
    after_position: int
    include_rules: bool
    def __init__(self, agent_id: _Optional[str] = ..., cycle: _Optional[int] = ..., entries: _Optional[_Iterable[_Union[_common_pb2.WorkingMemoryEntry, _Mapping]]] = ..., touch_ids: _Optional[_Iterable[int]] = ..., capacity: _Optional[int] = ..., session: _Optional[_Union[RememberSession, _Mapping]] = ..., provenance: _Optional[_Iterable[_Union[ProvenanceRecord, _Mapping]]] = ..., save: _Optional[_Union[SaveSessionRequest, _Mapping]] = ..., after_position: _Optional[int] = ..., include_rules: _Optional[bool] = ...) -> None: ...

class RememberSession(_message.Message):
    __slots__ = ("active_goal_ids", "config")
    ACTIVE_GOAL_IDS_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    active_goal_ids: _containers.RepeatedScalarFieldContainer[str]
    config: _common_pb2.AgentConfig
    def __init__(self, active_goal_ids: _Optional[_Iterable[str]] = ..., config: _Optional[_Union[_common_pb2.AgentConfig, _Mapping]] = ...) -> None: ...

class RememberResponse(_message.Message):
    __slots__ = ("ids", "evicted_ids", "size", "capacity", "pressure", "facts", "pressure_level", "consolidation", "unknown_touch_ids", "provenance_ids", "saved", "memory_position", "rules", "rules_included")
    IDS_FIELD_NUMBER: _ClassVar[int]
    EVICTED_IDS_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    CAPACITY_FIELD_NUMBER: _ClassVar[int]
    PRESSURE_FIELD_NUMBER: _ClassVar[int]
    FACTS_FIELD_NUMBER: _ClassVar[int]
    PRESSURE_LEVEL_FIELD_NUMBER: _ClassVar[int]
    CONSOLIDATION_FIELD_NUMBER: _ClassVar[int]
    UNKNOWN_TOUCH_IDS_FIELD_NUMBER: _ClassVar[int]
    PROVENANCE_IDS_FIELD_NUMBER: _ClassVar[int]
    SAVED_FIELD_NUMBER: _ClassVar[int]
    MEMORY_POSITION_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    RULES_INCLUDED_FIELD_NUMBER: _ClassVar[int]
    ids: _containers.RepeatedScalarFieldContainer[int]
    evicted_ids: _containers.RepeatedScalarFieldContainer[int]
    size: int
    capacity: int
    pressure: float
    facts: _containers.RepeatedCompositeFieldContainer[Fact]
    pressure_level: PressureLevel
    consolidation: MemoryServiceConsolidateResponse
    unknown_touch_ids: _containers.RepeatedScalarFieldContainer[int]
    provenance_ids: _containers.RepeatedScalarFieldContainer[str]
    saved: SaveSessionResponse
    memory_position: int
    rules: _containers.RepeatedCompositeFieldContainer[BehaviorRule]
    rules_included: bool
    def __init__(self, ids: _Optional[_Iterable[int]] = ..., evicted_ids: _Optional[_Iterable[int]] = ..., size: _Optional[int] = ..., capacity: _Optional[int] = ..., pressure: _Optional[float] = ..., facts: _Optional[_Iterable[_Union[Fact, _Mapping]]] = ..., pressure_level: _Optional[_Union[PressureLevel, str]] = ..., consolidation: _Optional[_Union[MemoryServiceConsolidateResponse, _Mapping]] = ..., unknown_touch_ids: _Optional[_Iterable[int]] = ..., provenance_ids: _Optional[_Iterable[str]] = ..., saved: _Optional[_Union[SaveSessionResponse, _Mapping]] = ..., memory_position: _Optional[int] = ..., rules: _Optional[_Iterable[_Union[BehaviorRule, _Mapping]]] = ..., rules_included: _Optional[bool] = ...) -> None: ...

class RecentRequest(_message.Message):
    __slots__ = ("agent_id", "limit", "kinds", "symbol")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    KINDS_FIELD_NUMBER: _ClassVar[int]
    SYMBOL_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    limit: int
    kinds: _containers.RepeatedScalarFieldContainer[_common_pb2.WorkingMemoryKind]
    symbol: str
    def __init__(self, agent_id: _Optional[str] = ..., limit: _Optional[int] = ..., kinds: _Optional[_Iterable[_Union[_common_pb2.WorkingMemoryKind, str]]] = ..., symbol: _Optional[str] = ...) -> None: ...

class RecentResponse(_message.Message):
    __slots__ = ("entries", "size", "capacity", "pressure", "pressure_level")
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    CAPACITY_FIELD_NUMBER: _ClassVar[int]
    PRESSURE_FIELD_NUMBER: _ClassVar[int]
    PRESSURE_LEVEL_FIELD_NUMBER: _ClassVar[int]
    entries: _containers.RepeatedCompositeFieldContainer[_common_pb2.WorkingMemoryEntry]
    size: int
    capacity: int
    pressure: float
    pressure_level: PressureLevel
    def __init__(self, entries: _Optional[_Iterable[_Union[_common_pb2.WorkingMemoryEntry, _Mapping]]] = ..., size: _Optional[int] = ..., capacity: _Optional[int] = ..., pressure: _Optional[float] = ..., pressure_level: _Optional[_Union[PressureLevel, str]] = ...) -> None: ...

class MemoryServiceConsolidateRequest(_message.Message):
    __slots__ = ("agent_id", "cycle", "trigger", "goal_ids", "config")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    CYCLE_FIELD_NUMBER: _ClassVar[int]
    TRIGGER_FIELD_NUMBER: _ClassVar[int]
    GOAL_IDS_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    cycle: int
    trigger: ConsolidationTrigger
    goal_ids: _containers.RepeatedScalarFieldContainer[str]
    config: _common_pb2.ConsolidationConfig
    def __init__(self, agent_id: _Optional[str] = ..., cycle: _Optional[int] = ..., trigger: _Optional[_Union[ConsolidationTrigger, str]] = ..., goal_ids: _Optional[_Iterable[str]] = ..., config: _Optional[_Union[_common_pb2.ConsolidationConfig, _Mapping]] = ...) -> None: ...

class MemoryServiceConsolidateResponse(_message.Message):
    __slots__ = ("episodes", "entries_scored", "entries_removed", "pressure_before", "pressure_after")
    EPISODES_FIELD_NUMBER: _ClassVar[int]
    ENTRIES_SCORED_FIELD_NUMBER: _ClassVar[int]
    ENTRIES_REMOVED_FIELD_NUMBER: _ClassVar[int]
    PRESSURE_BEFORE_FIELD_NUMBER: _ClassVar[int]
    PRESSURE_AFTER_FIELD_NUMBER: _ClassVar[int]
    episodes: _containers.RepeatedCompositeFieldContainer[_common_pb2.EpisodicEntry]
    entries_scored: int
    entries_removed: int
    pressure_before: float
    pressure_after: float
    def __init__(self, episodes: _Optional[_Iterable[_Union[_common_pb2.EpisodicEntry, _Mapping]]] = ..., entries_scored: _Optional[int] = ..., entries_removed: _Optional[int] = ..., pressure_before: _Optional[float] = ..., pressure_after: _Optional[float] = ...) -> None: ...

class MemoryServiceRecallRequest(_message.Message):
    __slots__ = ("agent_id", "query", "symbols", "top_k", "include_facts", "recent_limit", "after_position")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    QUERY_FIELD_NUMBER: _ClassVar[int]
    SYMBOLS_FIELD_NUMBER: _ClassVar[int]
    TOP_K_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_FACTS_FIELD_NUMBER: _ClassVar[int]
    RECENT_LIMIT_FIELD_NUMBER: _ClassVar[int]
    AFTER_POSITION_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    query: str
    symbols: _containers.RepeatedScalarFieldContainer[str]
    top_k: int
    include_facts: bool
    recent_limit: int
    after_position: int
    def __init__(self, agent_id: _Optional[str] = ..., query: _Optional[str] = ..., symbols: _Optional[_Iterable[str]] = ..., top_k: _Optional[int] = ..., include_facts: _Optional[bool] = ..., recent_limit: _Optional[int] = ..., after_position: _Optional[int] = ...) -> None: ...

class MemoryServiceRecallResponse(_message.Message):
    __slots__ = ("episodes", "facts", "episode_scores", "fact_scores", "recent_included", "recent")
    EPISODES_FIELD_NUMBER: _ClassVar[int]
    FACTS_FIELD_NUMBER: _ClassVar[int]
    EPISODE_SCORES_FIELD_NUMBER: _ClassVar[int]
    FACT_SCORES_FIELD_NUMBER: _ClassVar[int]
    RECENT_INCLUDED_FIELD_NUMBER: _ClassVar[int]
    RECENT_FIELD_NUMBER: _ClassVar[int]
    episodes: _containers.RepeatedCompositeFieldContainer[_common_pb2.EpisodicEntry]
    facts: _containers.RepeatedCompositeFieldContainer[Fact]
    episode_scores: _containers.RepeatedCompositeFieldContainer[RecallScore]
    fact_scores: _containers.RepeatedCompositeFieldContainer[RecallScore]
    recent_included: bool
    recent: RecentResponse
    def __init__(self, episodes: _Optional[_Iterable[_Union[_common_pb2.EpisodicEntry, _Mapping]]] = ..., facts: _Optional[_Iterable[_Union[Fact, _Mapping]]] = ..., episode_scores: _Optional[_Iterable[_Union[RecallScore, _Mapping]]] = ..., fact_scores: _Optional[_Iterable[_Union[RecallScore, _Mapping]]] = ..., recent_included: _Optional[bool] = ..., recent: _Optional[_Union[RecentResponse, _Mapping]] = ...) -> None: ...

class RecallScore(_message.Message):
    __slots__ = ("id", "score", "similarity", "symbol_overlap", "recency", "word_match")
    ID_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    SIMILARITY_FIELD_NUMBER: _ClassVar[int]
    SYMBOL_OVERLAP_FIELD_NUMBER: _ClassVar[int]
    RECENCY_FIELD_NUMBER: _ClassVar[int]
    WORD_MATCH_FIELD_NUMBER: _ClassVar[int]
    id: str
    score: float
    similarity: float
    symbol_overlap: float
    recency: float
    word_match: float
    def __init__(self, id: _Optional[str] = ..., score: _Optional[float] = ..., similarity: _Optional[float] = ..., symbol_overlap: _Optional[float] = ..., recency: _Optional[float] = ..., word_match: _Optional[float] = ...) -> None: ...

class RecordFactsRequest(_message.Message):
    __slots__ = ("agent_id", "facts")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    FACTS_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    facts: _containers.RepeatedCompositeFieldContainer[Fact]
    def __init__(self, agent_id: _Optional[str] = ..., facts: _Optional[_Iterable[_Union[Fact, _Mapping]]] = ...) -> None: ...

class RecordFactsResponse(_message.Message):
    __slots__ = ("ids",)
    IDS_FIELD_NUMBER: _ClassVar[int]
    ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, ids: _Optional[_Iterable[str]] = ...) -> None: ...

class RecordCorrectionRequest(_message.Message):
    __slots__ = ("correction",)
    CORRECTION_FIELD_NUMBER: _ClassVar[int]
    correction: Correction
    def __init__(self, correction: _Optional[_Union[Correction, _Mapping]] = ...) -> None: ...

class RecordCorrectionResponse(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class ListRulesRequest(_message.Message):
    __slots__ = ("agent_id", "limit", "after_position")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    AFTER_POSITION_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    limit: int
    after_position: int
    def __init__(self, agent_id: _Optional[str] = ..., limit: _Optional[int] = ..., after_position: _Optional[int] = ...) -> None: ...

class ListRulesResponse(_message.Message):
    __slots__ = ("rules",)
    RULES_FIELD_NUMBER: _ClassVar[int]
    rules: _containers.RepeatedCompositeFieldContainer[BehaviorRule]
    def __init__(self, rules: _Optional[_Iterable[_Union[BehaviorRule, _Mapping]]] = ...) -> None: ...

class RemoveRuleRequest(_message.Message):
    __slots__ = ("agent_id", "rule_id")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    RULE_ID_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    rule_id: str
    def __init__(self, agent_id: _Optional[str] = ..., rule_id: _Optional[str] = ...) -> None: ...

class RemoveRuleResponse(_message.Message):
    __slots__ = ("rule", "corrections_removed", "facts_removed")
    RULE_FIELD_NUMBER: _ClassVar[int]
    CORRECTIONS_REMOVED_FIELD_NUMBER: _ClassVar[int]
    FACTS_REMOVED_FIELD_NUMBER: _ClassVar[int]
    rule: BehaviorRule
    corrections_removed: int
    facts_removed: int
    def __init__(self, rule: _Optional[_Union[BehaviorRule, _Mapping]] = ..., corrections_removed: _Optional[int] = ..., facts_removed: _Optional[int] = ...) -> None: ...

class RecordProvenanceRequest(_message.Message):
    __slots__ = ("agent_id", "records")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    RECORDS_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    records: _containers.RepeatedCompositeFieldContainer[ProvenanceRecord]
    def __init__(self, agent_id: _Optional[str] = ..., records: _Optional[_Iterable[_Union[ProvenanceRecord, _Mapping]]] = ...) -> None: ...

class RecordProvenanceResponse(_message.Message):
    __slots__ = ("ids",)
    IDS_FIELD_NUMBER: _ClassVar[int]
    ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, ids: _Optional[_Iterable[str]] = ...) -> None: ...

class ListProvenanceRequest(_message.Message):
    __slots__ = ("agent_id", "derived_id", "kind", "from_cycle", "to_cycle", "limit", "page_token", "symbol")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    DERIVED_ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    FROM_CYCLE_FIELD_NUMBER: _ClassVar[int]
    TO_CYCLE_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    SYMBOL_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    derived_id: str
    kind: _common_pb2.DerivationKind
    from_cycle: int
    to_cycle: int
    limit: int
    page_token: str
    symbol: str
    def __init__(self, agent_id: _Optional[str] = ..., derived_id: _Optional[str] = ..., kind: _Optional[_Union[_common_pb2.DerivationKind, str]] = ..., from_cycle: _Optional[int] = ..., to_cycle: _Optional[int] = ..., limit: _Optional[int] = ..., page_token: _Optional[str] = ..., symbol: _Optional[str] = ...) -> None: ...

class ListProvenanceResponse(_message.Message):
    __slots__ = ("records", "next_page_token")
    RECORDS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    records: _containers.RepeatedCompositeFieldContainer[ProvenanceRecord]
    next_page_token: str
    def __init__(self, records: _Optional[_Iterable[_Union[ProvenanceRecord, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class SaveSessionRequest(_message.Message):
    __slots__ = ("state", "expected_version")
    STATE_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    state: SessionState
    expected_version: int
    def __init__(self, state: _Optional[_Union[SessionState, _Mapping]] = ..., expected_version: _Optional[int] = ...) -> None: ...

class SaveSessionResponse(_message.Message):
    __slots__ = ("version",)
    VERSION_FIELD_NUMBER: _ClassVar[int]
    version: int
    def __init__(self, version: _Optional[int] = ...) -> None: ...

class LoadSessionRequest(_message.Message):
    __slots__ = ("agent_id", "resume")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    RESUME_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    resume: bool
    def __init__(self, agent_id: _Optional[str] = ..., resume: _Optional[bool] = ...) -> None: ...

class LoadSessionResponse(_message.Message):
    __slots__ = ("state", "version", "injected_ids")
    STATE_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    INJECTED_IDS_FIELD_NUMBER: _ClassVar[int]
    state: SessionState
    version: int
    injected_ids: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, state: _Optional[_Union[SessionState, _Mapping]] = ..., version: _Optional[int] = ..., injected_ids: _Optional[_Iterable[int]] = ...) -> None: ...

class ToolHistoryRequest(_message.Message):
    __slots__ = ("agent_id", "goal_id", "limit")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    goal_id: str
    limit: int
    def __init__(self, agent_id: _Optional[str] = ..., goal_id: _Optional[str] = ..., limit: _Optional[int] = ...) -> None: ...

class ToolHistoryResponse(_message.Message):
    __slots__ = ("decisions",)
    DECISIONS_FIELD_NUMBER: _ClassVar[int]
    decisions: _containers.RepeatedCompositeFieldContainer[_common_pb2.WorkingMemoryEntry]
    def __init__(self, decisions: _Optional[_Iterable[_Union[_common_pb2.WorkingMemoryEntry, _Mapping]]] = ...) -> None: ...
