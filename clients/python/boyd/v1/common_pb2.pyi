from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class StatusCode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    STATUS_CODE_UNSPECIFIED: _ClassVar[StatusCode]
    STATUS_CODE_CANCELLED: _ClassVar[StatusCode]
    STATUS_CODE_UNKNOWN: _ClassVar[StatusCode]
    STATUS_CODE_INVALID_ARGUMENT: _ClassVar[StatusCode]
    STATUS_CODE_DEADLINE_EXCEEDED: _ClassVar[StatusCode]
    STATUS_CODE_NOT_FOUND: _ClassVar[StatusCode]
    STATUS_CODE_ALREADY_EXISTS: _ClassVar[StatusCode]
    STATUS_CODE_PERMISSION_DENIED: _ClassVar[StatusCode]
    STATUS_CODE_RESOURCE_EXHAUSTED: _ClassVar[StatusCode]
    STATUS_CODE_FAILED_PRECONDITION: _ClassVar[StatusCode]
    STATUS_CODE_ABORTED: _ClassVar[StatusCode]
    STATUS_CODE_OUT_OF_RANGE: _ClassVar[StatusCode]
    STATUS_CODE_UNIMPLEMENTED: _ClassVar[StatusCode]
    STATUS_CODE_INTERNAL: _ClassVar[StatusCode]
    STATUS_CODE_UNAVAILABLE: _ClassVar[StatusCode]
    STATUS_CODE_DATA_LOSS: _ClassVar[StatusCode]
    STATUS_CODE_UNAUTHENTICATED: _ClassVar[StatusCode]

class SymbolKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SYMBOL_KIND_UNSPECIFIED: _ClassVar[SymbolKind]
    SYMBOL_KIND_ENTITY: _ClassVar[SymbolKind]
    SYMBOL_KIND_RELATION: _ClassVar[SymbolKind]
    SYMBOL_KIND_COMPOSITE: _ClassVar[SymbolKind]
    SYMBOL_KIND_LITERAL: _ClassVar[SymbolKind]

class TemporalKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TEMPORAL_KIND_UNSPECIFIED: _ClassVar[TemporalKind]
    TEMPORAL_KIND_STABLE: _ClassVar[TemporalKind]
    TEMPORAL_KIND_DECAYING: _ClassVar[TemporalKind]
    TEMPORAL_KIND_EPHEMERAL: _ClassVar[TemporalKind]

class GoalStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GOAL_STATUS_UNSPECIFIED: _ClassVar[GoalStatus]
    GOAL_STATUS_ACTIVE: _ClassVar[GoalStatus]
    GOAL_STATUS_SUSPENDED: _ClassVar[GoalStatus]
    GOAL_STATUS_COMPLETED: _ClassVar[GoalStatus]
    GOAL_STATUS_FAILED: _ClassVar[GoalStatus]
    GOAL_STATUS_PENDING: _ClassVar[GoalStatus]
    GOAL_STATUS_PROPOSED: _ClassVar[GoalStatus]
    GOAL_STATUS_DORMANT: _ClassVar[GoalStatus]
    GOAL_STATUS_REFORMULATED: _ClassVar[GoalStatus]

class GoalSource(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GOAL_SOURCE_UNSPECIFIED: _ClassVar[GoalSource]
    GOAL_SOURCE_USER: _ClassVar[GoalSource]
    GOAL_SOURCE_DECOMPOSITION: _ClassVar[GoalSource]
    GOAL_SOURCE_GAP_DETECTION: _ClassVar[GoalSource]
    GOAL_SOURCE_CONTRADICTION_DETECTED: _ClassVar[GoalSource]
    GOAL_SOURCE_OPPORTUNITY_DETECTED: _ClassVar[GoalSource]
    GOAL_SOURCE_DRIVE_EXCEEDED: _ClassVar[GoalSource]
    GOAL_SOURCE_IMPASSE_DETECTED: _ClassVar[GoalSource]
    GOAL_SOURCE_REFLECTION_INSIGHT: _ClassVar[GoalSource]
    GOAL_SOURCE_WORLD_CHANGE: _ClassVar[GoalSource]

class GoalJustification(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GOAL_JUSTIFICATION_UNSPECIFIED: _ClassVar[GoalJustification]
    GOAL_JUSTIFICATION_USER_REQUESTED: _ClassVar[GoalJustification]
    GOAL_JUSTIFICATION_DECOMPOSED_FROM: _ClassVar[GoalJustification]
    GOAL_JUSTIFICATION_INFERRED_FROM_KG: _ClassVar[GoalJustification]
    GOAL_JUSTIFICATION_DEFAULT_ASSUMPTION: _ClassVar[GoalJustification]

class ProgressOutcome(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PROGRESS_OUTCOME_UNSPECIFIED: _ClassVar[ProgressOutcome]
    PROGRESS_OUTCOME_COMPLETED: _ClassVar[ProgressOutcome]
    PROGRESS_OUTCOME_ADVANCED: _ClassVar[ProgressOutcome]
    PROGRESS_OUTCOME_FAILED: _ClassVar[ProgressOutcome]
    PROGRESS_OUTCOME_NO_CHANGE: _ClassVar[ProgressOutcome]

class LoopState(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LOOP_STATE_UNSPECIFIED: _ClassVar[LoopState]
    LOOP_STATE_RUNNING: _ClassVar[LoopState]
    LOOP_STATE_CONVERGED: _ClassVar[LoopState]
    LOOP_STATE_STALLED: _ClassVar[LoopState]
    LOOP_STATE_CAPPED: _ClassVar[LoopState]

class AnswerKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ANSWER_KIND_UNSPECIFIED: _ClassVar[AnswerKind]
    ANSWER_KIND_ENTITIES: _ClassVar[AnswerKind]
    ANSWER_KIND_YES: _ClassVar[AnswerKind]
    ANSWER_KIND_NO: _ClassVar[AnswerKind]
    ANSWER_KIND_UNKNOWN: _ClassVar[AnswerKind]

class WorkingMemoryKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    WORKING_MEMORY_KIND_UNSPECIFIED: _ClassVar[WorkingMemoryKind]
    WORKING_MEMORY_KIND_OBSERVATION: _ClassVar[WorkingMemoryKind]
    WORKING_MEMORY_KIND_INFERENCE: _ClassVar[WorkingMemoryKind]
    WORKING_MEMORY_KIND_DECISION: _ClassVar[WorkingMemoryKind]
    WORKING_MEMORY_KIND_ACTION: _ClassVar[WorkingMemoryKind]
    WORKING_MEMORY_KIND_TOOL_RESULT: _ClassVar[WorkingMemoryKind]
    WORKING_MEMORY_KIND_REFLECTION: _ClassVar[WorkingMemoryKind]
    WORKING_MEMORY_KIND_GOAL_UPDATE: _ClassVar[WorkingMemoryKind]
    WORKING_MEMORY_KIND_PERCEPT: _ClassVar[WorkingMemoryKind]

class DerivationKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DERIVATION_KIND_UNSPECIFIED: _ClassVar[DerivationKind]
    DERIVATION_KIND_SEED: _ClassVar[DerivationKind]
    DERIVATION_KIND_GRAPH_EDGE: _ClassVar[DerivationKind]
    DERIVATION_KIND_VSA_RECOVERY: _ClassVar[DerivationKind]
    DERIVATION_KIND_RULE_INFERENCE: _ClassVar[DerivationKind]
    DERIVATION_KIND_AGENT_DECISION: _ClassVar[DerivationKind]
    DERIVATION_KIND_AGENT_CONSOLIDATION: _ClassVar[DerivationKind]
    DERIVATION_KIND_GOAL_DECOMPOSITION: _ClassVar[DerivationKind]
    DERIVATION_KIND_USER_ASSERTION: _ClassVar[DerivationKind]
    DERIVATION_KIND_INGEST: _ClassVar[DerivationKind]
    DERIVATION_KIND_TOOL_OUTPUT: _ClassVar[DerivationKind]
    DERIVATION_KIND_REFLECTION: _ClassVar[DerivationKind]

class DangerLevel(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DANGER_LEVEL_UNSPECIFIED: _ClassVar[DangerLevel]
    DANGER_LEVEL_SAFE: _ClassVar[DangerLevel]
    DANGER_LEVEL_CAUTIOUS: _ClassVar[DangerLevel]
    DANGER_LEVEL_DANGEROUS: _ClassVar[DangerLevel]
    DANGER_LEVEL_CRITICAL: _ClassVar[DangerLevel]

class Capability(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CAPABILITY_UNSPECIFIED: _ClassVar[Capability]
    CAPABILITY_READ_KG: _ClassVar[Capability]
    CAPABILITY_WRITE_KG: _ClassVar[Capability]
    CAPABILITY_MEMORY_ACCESS: _ClassVar[Capability]
    CAPABILITY_REASON: _ClassVar[Capability]
    CAPABILITY_VSA_ACCESS: _ClassVar[Capability]
    CAPABILITY_READ_FILESYSTEM: _ClassVar[Capability]
    CAPABILITY_WRITE_FILESYSTEM: _ClassVar[Capability]
    CAPABILITY_NETWORK: _ClassVar[Capability]
    CAPABILITY_PROCESS_EXEC: _ClassVar[Capability]
    CAPABILITY_USER_INTERACTION: _ClassVar[Capability]

class ScoringMethod(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SCORING_METHOD_UNSPECIFIED: _ClassVar[ScoringMethod]
    SCORING_METHOD_CORE_RULE: _ClassVar[ScoringMethod]
    SCORING_METHOD_VSA_SEMANTIC: _ClassVar[ScoringMethod]
    SCORING_METHOD_ADAPTIVE_FLOOR: _ClassVar[ScoringMethod]

class Archetype(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ARCHETYPE_UNSPECIFIED: _ClassVar[Archetype]
    ARCHETYPE_HEALER: _ClassVar[Archetype]
    ARCHETYPE_SAGE: _ClassVar[Archetype]
    ARCHETYPE_GUARDIAN: _ClassVar[Archetype]
    ARCHETYPE_EXPLORER: _ClassVar[Archetype]

class ApprovalMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    APPROVAL_MODE_UNSPECIFIED: _ClassVar[ApprovalMode]
    APPROVAL_MODE_SAFE: _ClassVar[ApprovalMode]
    APPROVAL_MODE_CAUTIOUS: _ClassVar[ApprovalMode]
    APPROVAL_MODE_PARANOID: _ClassVar[ApprovalMode]
    APPROVAL_MODE_YOLO: _ClassVar[ApprovalMode]

class ApprovalVerdict(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    APPROVAL_VERDICT_UNSPECIFIED: _ClassVar[ApprovalVerdict]
    APPROVAL_VERDICT_APPROVE: _ClassVar[ApprovalVerdict]
    APPROVAL_VERDICT_DENY: _ClassVar[ApprovalVerdict]
    APPROVAL_VERDICT_APPROVE_ALL_SIMILAR: _ClassVar[ApprovalVerdict]
    APPROVAL_VERDICT_EXPIRED: _ClassVar[ApprovalVerdict]

class PlanStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PLAN_STATUS_UNSPECIFIED: _ClassVar[PlanStatus]
    PLAN_STATUS_ACTIVE: _ClassVar[PlanStatus]
    PLAN_STATUS_COMPLETED: _ClassVar[PlanStatus]
    PLAN_STATUS_FAILED: _ClassVar[PlanStatus]
    PLAN_STATUS_SUPERSEDED: _ClassVar[PlanStatus]

class StepStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    STEP_STATUS_UNSPECIFIED: _ClassVar[StepStatus]
    STEP_STATUS_PENDING: _ClassVar[StepStatus]
    STEP_STATUS_ACTIVE: _ClassVar[StepStatus]
    STEP_STATUS_COMPLETED: _ClassVar[StepStatus]
    STEP_STATUS_FAILED: _ClassVar[StepStatus]
    STEP_STATUS_SKIPPED: _ClassVar[StepStatus]

class PlanStrategy(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PLAN_STRATEGY_UNSPECIFIED: _ClassVar[PlanStrategy]
    PLAN_STRATEGY_KNOWLEDGE: _ClassVar[PlanStrategy]
    PLAN_STRATEGY_REASONING: _ClassVar[PlanStrategy]
    PLAN_STRATEGY_CREATION: _ClassVar[PlanStrategy]
    PLAN_STRATEGY_EXTERNAL: _ClassVar[PlanStrategy]
    PLAN_STRATEGY_SIMILARITY: _ClassVar[PlanStrategy]

class PlanOrdering(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PLAN_ORDERING_UNSPECIFIED: _ClassVar[PlanOrdering]
    PLAN_ORDERING_EXPLORE_FIRST: _ClassVar[PlanOrdering]
    PLAN_ORDERING_REASON_FIRST: _ClassVar[PlanOrdering]

class AdjustmentKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ADJUSTMENT_KIND_UNSPECIFIED: _ClassVar[AdjustmentKind]
    ADJUSTMENT_KIND_BOOST_PRIORITY: _ClassVar[AdjustmentKind]
    ADJUSTMENT_KIND_DEMOTE_PRIORITY: _ClassVar[AdjustmentKind]
    ADJUSTMENT_KIND_SUGGEST_DECOMPOSITION: _ClassVar[AdjustmentKind]
    ADJUSTMENT_KIND_TRIGGER_CONSOLIDATION: _ClassVar[AdjustmentKind]
    ADJUSTMENT_KIND_SUGGEST_ABANDON: _ClassVar[AdjustmentKind]
    ADJUSTMENT_KIND_SUGGEST_NEW_GOAL: _ClassVar[AdjustmentKind]

class ProgressMeasure(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PROGRESS_MEASURE_UNSPECIFIED: _ClassVar[ProgressMeasure]
    PROGRESS_MEASURE_COVERAGE: _ClassVar[ProgressMeasure]
    PROGRESS_MEASURE_JACCARD: _ClassVar[ProgressMeasure]

class StopReason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    STOP_REASON_UNSPECIFIED: _ClassVar[StopReason]
    STOP_REASON_ALL_GOALS_DONE: _ClassVar[StopReason]
    STOP_REASON_MAX_CYCLES: _ClassVar[StopReason]
    STOP_REASON_ITERATION_BUDGET: _ClassVar[StopReason]
    STOP_REASON_CRITICAL_FAILURE: _ClassVar[StopReason]
    STOP_REASON_CANCELLED: _ClassVar[StopReason]
STATUS_CODE_UNSPECIFIED: StatusCode
STATUS_CODE_CANCELLED: StatusCode
STATUS_CODE_UNKNOWN: StatusCode
STATUS_CODE_INVALID_ARGUMENT: StatusCode
STATUS_CODE_DEADLINE_EXCEEDED: StatusCode
STATUS_CODE_NOT_FOUND: StatusCode
STATUS_CODE_ALREADY_EXISTS: StatusCode
STATUS_CODE_PERMISSION_DENIED: StatusCode
STATUS_CODE_RESOURCE_EXHAUSTED: StatusCode
STATUS_CODE_FAILED_PRECONDITION: StatusCode
STATUS_CODE_ABORTED: StatusCode
STATUS_CODE_OUT_OF_RANGE: StatusCode
STATUS_CODE_UNIMPLEMENTED: StatusCode
STATUS_CODE_INTERNAL: StatusCode
STATUS_CODE_UNAVAILABLE: StatusCode
STATUS_CODE_DATA_LOSS: StatusCode
STATUS_CODE_UNAUTHENTICATED: StatusCode
SYMBOL_KIND_UNSPECIFIED: SymbolKind
SYMBOL_KIND_ENTITY: SymbolKind
SYMBOL_KIND_RELATION: SymbolKind
SYMBOL_KIND_COMPOSITE: SymbolKind
SYMBOL_KIND_LITERAL: SymbolKind
TEMPORAL_KIND_UNSPECIFIED: TemporalKind
TEMPORAL_KIND_STABLE: TemporalKind
TEMPORAL_KIND_DECAYING: TemporalKind
TEMPORAL_KIND_EPHEMERAL: TemporalKind
GOAL_STATUS_UNSPECIFIED: GoalStatus
GOAL_STATUS_ACTIVE: GoalStatus
GOAL_STATUS_SUSPENDED: GoalStatus
GOAL_STATUS_COMPLETED: GoalStatus
GOAL_STATUS_FAILED: GoalStatus
GOAL_STATUS_PENDING: GoalStatus
GOAL_STATUS_PROPOSED: GoalStatus
GOAL_STATUS_DORMANT: GoalStatus
GOAL_STATUS_REFORMULATED: GoalStatus
GOAL_SOURCE_UNSPECIFIED: GoalSource
GOAL_SOURCE_USER: GoalSource
GOAL_SOURCE_DECOMPOSITION: GoalSource
GOAL_SOURCE_GAP_DETECTION: GoalSource
GOAL_SOURCE_CONTRADICTION_DETECTED: GoalSource
GOAL_SOURCE_OPPORTUNITY_DETECTED: GoalSource
GOAL_SOURCE_DRIVE_EXCEEDED: GoalSource
GOAL_SOURCE_IMPASSE_DETECTED: GoalSource
GOAL_SOURCE_REFLECTION_INSIGHT: GoalSource
GOAL_SOURCE_WORLD_CHANGE: GoalSource
GOAL_JUSTIFICATION_UNSPECIFIED: GoalJustification
GOAL_JUSTIFICATION_USER_REQUESTED: GoalJustification
GOAL_JUSTIFICATION_DECOMPOSED_FROM: GoalJustification
GOAL_JUSTIFICATION_INFERRED_FROM_KG: GoalJustification
GOAL_JUSTIFICATION_DEFAULT_ASSUMPTION: GoalJustification
PROGRESS_OUTCOME_UNSPECIFIED: ProgressOutcome
PROGRESS_OUTCOME_COMPLETED: ProgressOutcome
PROGRESS_OUTCOME_ADVANCED: ProgressOutcome
PROGRESS_OUTCOME_FAILED: ProgressOutcome
PROGRESS_OUTCOME_NO_CHANGE: ProgressOutcome
LOOP_STATE_UNSPECIFIED: LoopState
LOOP_STATE_RUNNING: LoopState
LOOP_STATE_CONVERGED: LoopState
LOOP_STATE_STALLED: LoopState
LOOP_STATE_CAPPED: LoopState
ANSWER_KIND_UNSPECIFIED: AnswerKind
ANSWER_KIND_ENTITIES: AnswerKind
ANSWER_KIND_YES: AnswerKind
ANSWER_KIND_NO: AnswerKind
ANSWER_KIND_UNKNOWN: AnswerKind
WORKING_MEMORY_KIND_UNSPECIFIED: WorkingMemoryKind
WORKING_MEMORY_KIND_OBSERVATION: WorkingMemoryKind
WORKING_MEMORY_KIND_INFERENCE: WorkingMemoryKind
WORKING_MEMORY_KIND_DECISION: WorkingMemoryKind
WORKING_MEMORY_KIND_ACTION: WorkingMemoryKind
WORKING_MEMORY_KIND_TOOL_RESULT: WorkingMemoryKind
WORKING_MEMORY_KIND_REFLECTION: WorkingMemoryKind
WORKING_MEMORY_KIND_GOAL_UPDATE: WorkingMemoryKind
WORKING_MEMORY_KIND_PERCEPT: WorkingMemoryKind
DERIVATION_KIND_UNSPECIFIED: DerivationKind
DERIVATION_KIND_SEED: DerivationKind
DERIVATION_KIND_GRAPH_EDGE: DerivationKind
DERIVATION_KIND_VSA_RECOVERY: DerivationKind
DERIVATION_KIND_RULE_INFERENCE: DerivationKind
DERIVATION_KIND_AGENT_DECISION: DerivationKind
DERIVATION_KIND_AGENT_CONSOLIDATION: DerivationKind
DERIVATION_KIND_GOAL_DECOMPOSITION: DerivationKind
DERIVATION_KIND_USER_ASSERTION: DerivationKind
DERIVATION_KIND_INGEST: DerivationKind
DERIVATION_KIND_TOOL_OUTPUT: DerivationKind
DERIVATION_KIND_REFLECTION: DerivationKind
DANGER_LEVEL_UNSPECIFIED: DangerLevel
DANGER_LEVEL_SAFE: DangerLevel
DANGER_LEVEL_CAUTIOUS: DangerLevel
DANGER_LEVEL_DANGEROUS: DangerLevel
DANGER_LEVEL_CRITICAL: DangerLevel
CAPABILITY_UNSPECIFIED: Capability
CAPABILITY_READ_KG: Capability
CAPABILITY_WRITE_KG: Capability
CAPABILITY_MEMORY_ACCESS: Capability
CAPABILITY_REASON: Capability
CAPABILITY_VSA_ACCESS: Capability
CAPABILITY_READ_FILESYSTEM: Capability
CAPABILITY_WRITE_FILESYSTEM: Capability
CAPABILITY_NETWORK: Capability
CAPABILITY_PROCESS_EXEC: Capability
CAPABILITY_USER_INTERACTION: Capability
SCORING_METHOD_UNSPECIFIED: ScoringMethod
SCORING_METHOD_CORE_RULE: ScoringMethod
SCORING_METHOD_VSA_SEMANTIC: ScoringMethod
SCORING_METHOD_ADAPTIVE_FLOOR: ScoringMethod
ARCHETYPE_UNSPECIFIED: Archetype
ARCHETYPE_HEALER: Archetype
ARCHETYPE_SAGE: Archetype
ARCHETYPE_GUARDIAN: Archetype
ARCHETYPE_EXPLORER: Archetype
APPROVAL_MODE_UNSPECIFIED: ApprovalMode
APPROVAL_MODE_SAFE: ApprovalMode
APPROVAL_MODE_CAUTIOUS: ApprovalMode
APPROVAL_MODE_PARANOID: ApprovalMode
APPROVAL_MODE_YOLO: ApprovalMode
APPROVAL_VERDICT_UNSPECIFIED: ApprovalVerdict
APPROVAL_VERDICT_APPROVE: ApprovalVerdict
APPROVAL_VERDICT_DENY: ApprovalVerdict
APPROVAL_VERDICT_APPROVE_ALL_SIMILAR: ApprovalVerdict
APPROVAL_VERDICT_EXPIRED: ApprovalVerdict
PLAN_STATUS_UNSPECIFIED: PlanStatus
PLAN_STATUS_ACTIVE: PlanStatus
PLAN_STATUS_COMPLETED: PlanStatus
PLAN_STATUS_FAILED: PlanStatus
PLAN_STATUS_SUPERSEDED: PlanStatus
STEP_STATUS_UNSPECIFIED: StepStatus
STEP_STATUS_PENDING: StepStatus
STEP_STATUS_ACTIVE: StepStatus
STEP_STATUS_COMPLETED: StepStatus
STEP_STATUS_FAILED: StepStatus
STEP_STATUS_SKIPPED: StepStatus
PLAN_STRATEGY_UNSPECIFIED: PlanStrategy
PLAN_STRATEGY_KNOWLEDGE: PlanStrategy
PLAN_STRATEGY_REASONING: PlanStrategy
PLAN_STRATEGY_CREATION: PlanStrategy
PLAN_STRATEGY_EXTERNAL: PlanStrategy
PLAN_STRATEGY_SIMILARITY: PlanStrategy
PLAN_ORDERING_UNSPECIFIED: PlanOrdering
PLAN_ORDERING_EXPLORE_FIRST: PlanOrdering
PLAN_ORDERING_REASON_FIRST: PlanOrdering
ADJUSTMENT_KIND_UNSPECIFIED: AdjustmentKind
ADJUSTMENT_KIND_BOOST_PRIORITY: AdjustmentKind
ADJUSTMENT_KIND_DEMOTE_PRIORITY: AdjustmentKind
ADJUSTMENT_KIND_SUGGEST_DECOMPOSITION: AdjustmentKind
ADJUSTMENT_KIND_TRIGGER_CONSOLIDATION: AdjustmentKind
ADJUSTMENT_KIND_SUGGEST_ABANDON: AdjustmentKind
ADJUSTMENT_KIND_SUGGEST_NEW_GOAL: AdjustmentKind
PROGRESS_MEASURE_UNSPECIFIED: ProgressMeasure
PROGRESS_MEASURE_COVERAGE: ProgressMeasure
PROGRESS_MEASURE_JACCARD: ProgressMeasure
STOP_REASON_UNSPECIFIED: StopReason
STOP_REASON_ALL_GOALS_DONE: StopReason
STOP_REASON_MAX_CYCLES: StopReason
STOP_REASON_ITERATION_BUDGET: StopReason
STOP_REASON_CRITICAL_FAILURE: StopReason
STOP_REASON_CANCELLED: StopReason

class Status(_message.Message):
    __slots__ = ("code", "message")
    CODE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    code: StatusCode
    message: str
    def __init__(self, code: _Optional[_Union[StatusCode, str]] = ..., message: _Optional[str] = ...) -> None: ...

class IdempotencyKey(_message.Message):
    __slots__ = ("agent_id", "cycle", "step", "run_id")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    CYCLE_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    RUN_ID_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    cycle: int
    step: int
    run_id: str
    def __init__(self, agent_id: _Optional[str] = ..., cycle: _Optional[int] = ..., step: _Optional[int] = ..., run_id: _Optional[str] = ...) -> None: ...

class Symbol(_message.Message):
    __slots__ = ("id", "label", "kind", "type")
    ID_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    id: str
    label: str
    kind: SymbolKind
    type: str
    def __init__(self, id: _Optional[str] = ..., label: _Optional[str] = ..., kind: _Optional[_Union[SymbolKind, str]] = ..., type: _Optional[str] = ...) -> None: ...

class TemporalProfile(_message.Message):
    __slots__ = ("kind", "half_life_ms", "ttl_ms")
    KIND_FIELD_NUMBER: _ClassVar[int]
    HALF_LIFE_MS_FIELD_NUMBER: _ClassVar[int]
    TTL_MS_FIELD_NUMBER: _ClassVar[int]
    kind: TemporalKind
    half_life_ms: int
    ttl_ms: int
    def __init__(self, kind: _Optional[_Union[TemporalKind, str]] = ..., half_life_ms: _Optional[int] = ..., ttl_ms: _Optional[int] = ...) -> None: ...

class Triple(_message.Message):
    __slots__ = ("subject", "predicate", "object", "confidence", "source", "created_at_unix_ms", "temporal", "subject_label", "predicate_label", "object_label")
    SUBJECT_FIELD_NUMBER: _ClassVar[int]
    PREDICATE_FIELD_NUMBER: _ClassVar[int]
    OBJECT_FIELD_NUMBER: _ClassVar[int]
    CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    TEMPORAL_FIELD_NUMBER: _ClassVar[int]
    SUBJECT_LABEL_FIELD_NUMBER: _ClassVar[int]
    PREDICATE_LABEL_FIELD_NUMBER: _ClassVar[int]
    OBJECT_LABEL_FIELD_NUMBER: _ClassVar[int]
    subject: str
    predicate: str
    object: str
    confidence: float
    source: str
    created_at_unix_ms: int
    temporal: TemporalProfile
    subject_label: str
    predicate_label: str
    object_label: str
    def __init__(self, subject: _Optional[str] = ..., predicate: _Optional[str] = ..., object: _Optional[str] = ..., confidence: _Optional[float] = ..., source: _Optional[str] = ..., created_at_unix_ms: _Optional[int] = ..., temporal: _Optional[_Union[TemporalProfile, _Mapping]] = ..., subject_label: _Optional[str] = ..., predicate_label: _Optional[str] = ..., object_label: _Optional[str] = ...) -> None: ...

class ProofStep(_message.Message):
    __slots__ = ("fact", "rule_id", "premises", "compared")
    FACT_FIELD_NUMBER: _ClassVar[int]
    RULE_ID_FIELD_NUMBER: _ClassVar[int]
    PREMISES_FIELD_NUMBER: _ClassVar[int]
    COMPARED_FIELD_NUMBER: _ClassVar[int]
    fact: Triple
    rule_id: str
    premises: _containers.RepeatedCompositeFieldContainer[Triple]
    compared: bool
    def __init__(self, fact: _Optional[_Union[Triple, _Mapping]] = ..., rule_id: _Optional[str] = ..., premises: _Optional[_Iterable[_Union[Triple, _Mapping]]] = ..., compared: _Optional[bool] = ...) -> None: ...

class Proof(_message.Message):
    __slots__ = ("steps", "tool_name", "excerpt", "cycle", "summary")
    STEPS_FIELD_NUMBER: _ClassVar[int]
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    EXCERPT_FIELD_NUMBER: _ClassVar[int]
    CYCLE_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    steps: _containers.RepeatedCompositeFieldContainer[ProofStep]
    tool_name: str
    excerpt: str
    cycle: int
    summary: str
    def __init__(self, steps: _Optional[_Iterable[_Union[ProofStep, _Mapping]]] = ..., tool_name: _Optional[str] = ..., excerpt: _Optional[str] = ..., cycle: _Optional[int] = ..., summary: _Optional[str] = ...) -> None: ...

class Answer(_message.Message):
    __slots__ = ("symbol_id", "label", "confidence", "proof")
    SYMBOL_ID_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    PROOF_FIELD_NUMBER: _ClassVar[int]
    symbol_id: str
    label: str
    confidence: float
    proof: Proof
    def __init__(self, symbol_id: _Optional[str] = ..., label: _Optional[str] = ..., confidence: _Optional[float] = ..., proof: _Optional[_Union[Proof, _Mapping]] = ...) -> None: ...

class GoalAnswers(_message.Message):
    __slots__ = ("kind", "pattern", "subject_ids", "answers", "proof", "predicates", "unanswered")
    KIND_FIELD_NUMBER: _ClassVar[int]
    PATTERN_FIELD_NUMBER: _ClassVar[int]
    SUBJECT_IDS_FIELD_NUMBER: _ClassVar[int]
    ANSWERS_FIELD_NUMBER: _ClassVar[int]
    PROOF_FIELD_NUMBER: _ClassVar[int]
    PREDICATES_FIELD_NUMBER: _ClassVar[int]
    UNANSWERED_FIELD_NUMBER: _ClassVar[int]
    kind: AnswerKind
    pattern: str
    subject_ids: _containers.RepeatedScalarFieldContainer[str]
    answers: _containers.RepeatedCompositeFieldContainer[Answer]
    proof: Proof
    predicates: _containers.RepeatedScalarFieldContainer[str]
    unanswered: str
    def __init__(self, kind: _Optional[_Union[AnswerKind, str]] = ..., pattern: _Optional[str] = ..., subject_ids: _Optional[_Iterable[str]] = ..., answers: _Optional[_Iterable[_Union[Answer, _Mapping]]] = ..., proof: _Optional[_Union[Proof, _Mapping]] = ..., predicates: _Optional[_Iterable[str]] = ..., unanswered: _Optional[str] = ...) -> None: ...

class GoalProgress(_message.Message):
    __slots__ = ("goal_id", "cycle", "error", "integral", "gain", "reward", "previous_reward", "stall_streak", "loop_state", "outcome", "matched_terms", "reason", "proof")
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    CYCLE_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    INTEGRAL_FIELD_NUMBER: _ClassVar[int]
    GAIN_FIELD_NUMBER: _ClassVar[int]
    REWARD_FIELD_NUMBER: _ClassVar[int]
    PREVIOUS_REWARD_FIELD_NUMBER: _ClassVar[int]
    STALL_STREAK_FIELD_NUMBER: _ClassVar[int]
    LOOP_STATE_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    MATCHED_TERMS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    PROOF_FIELD_NUMBER: _ClassVar[int]
    goal_id: str
    cycle: int
    error: float
    integral: float
    gain: float
    reward: float
    previous_reward: float
    stall_streak: int
    loop_state: LoopState
    outcome: ProgressOutcome
    matched_terms: _containers.RepeatedScalarFieldContainer[str]
    reason: str
    proof: Proof
    def __init__(self, goal_id: _Optional[str] = ..., cycle: _Optional[int] = ..., error: _Optional[float] = ..., integral: _Optional[float] = ..., gain: _Optional[float] = ..., reward: _Optional[float] = ..., previous_reward: _Optional[float] = ..., stall_streak: _Optional[int] = ..., loop_state: _Optional[_Union[LoopState, str]] = ..., outcome: _Optional[_Union[ProgressOutcome, str]] = ..., matched_terms: _Optional[_Iterable[str]] = ..., reason: _Optional[str] = ..., proof: _Optional[_Union[Proof, _Mapping]] = ...) -> None: ...

class Goal(_message.Message):
    __slots__ = ("symbol_id", "description", "success_criteria", "priority", "status", "status_reason", "replacement_goal_id", "stall_threshold", "parent_id", "child_ids", "created_at_unix_ms", "cycles_worked", "last_progress_cycle", "source", "blocked_by", "justification", "computed_priority", "priority_rationale", "reformulated_from", "estimated_effort_cycles", "progress", "answers", "proof")
    SYMBOL_ID_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    SUCCESS_CRITERIA_FIELD_NUMBER: _ClassVar[int]
    PRIORITY_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    STATUS_REASON_FIELD_NUMBER: _ClassVar[int]
    REPLACEMENT_GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    STALL_THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    PARENT_ID_FIELD_NUMBER: _ClassVar[int]
    CHILD_IDS_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    CYCLES_WORKED_FIELD_NUMBER: _ClassVar[int]
    LAST_PROGRESS_CYCLE_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    BLOCKED_BY_FIELD_NUMBER: _ClassVar[int]
    JUSTIFICATION_FIELD_NUMBER: _ClassVar[int]
    COMPUTED_PRIORITY_FIELD_NUMBER: _ClassVar[int]
    PRIORITY_RATIONALE_FIELD_NUMBER: _ClassVar[int]
    REFORMULATED_FROM_FIELD_NUMBER: _ClassVar[int]
    ESTIMATED_EFFORT_CYCLES_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_FIELD_NUMBER: _ClassVar[int]
    ANSWERS_FIELD_NUMBER: _ClassVar[int]
    PROOF_FIELD_NUMBER: _ClassVar[int]
    symbol_id: str
    description: str
    success_criteria: str
    priority: int
    status: GoalStatus
    status_reason: str
    replacement_goal_id: str
    stall_threshold: int
    parent_id: str
    child_ids: _containers.RepeatedScalarFieldContainer[str]
    created_at_unix_ms: int
    cycles_worked: int
    last_progress_cycle: int
    source: GoalSource
    blocked_by: _containers.RepeatedScalarFieldContainer[str]
    justification: GoalJustification
    computed_priority: int
    priority_rationale: str
    reformulated_from: str
    estimated_effort_cycles: int
    progress: GoalProgress
    answers: GoalAnswers
    proof: Proof
    def __init__(self, symbol_id: _Optional[str] = ..., description: _Optional[str] = ..., success_criteria: _Optional[str] = ..., priority: _Optional[int] = ..., status: _Optional[_Union[GoalStatus, str]] = ..., status_reason: _Optional[str] = ..., replacement_goal_id: _Optional[str] = ..., stall_threshold: _Optional[int] = ..., parent_id: _Optional[str] = ..., child_ids: _Optional[_Iterable[str]] = ..., created_at_unix_ms: _Optional[int] = ..., cycles_worked: _Optional[int] = ..., last_progress_cycle: _Optional[int] = ..., source: _Optional[_Union[GoalSource, str]] = ..., blocked_by: _Optional[_Iterable[str]] = ..., justification: _Optional[_Union[GoalJustification, str]] = ..., computed_priority: _Optional[int] = ..., priority_rationale: _Optional[str] = ..., reformulated_from: _Optional[str] = ..., estimated_effort_cycles: _Optional[int] = ..., progress: _Optional[_Union[GoalProgress, _Mapping]] = ..., answers: _Optional[_Union[GoalAnswers, _Mapping]] = ..., proof: _Optional[_Union[Proof, _Mapping]] = ...) -> None: ...

class WorkingMemoryEntry(_message.Message):
    __slots__ = ("id", "content", "symbols", "kind", "timestamp_unix_ms", "relevance", "source_cycle", "reference_count", "access_cycles", "tool_name")
    ID_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    SYMBOLS_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    TIMESTAMP_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    RELEVANCE_FIELD_NUMBER: _ClassVar[int]
    SOURCE_CYCLE_FIELD_NUMBER: _ClassVar[int]
    REFERENCE_COUNT_FIELD_NUMBER: _ClassVar[int]
    ACCESS_CYCLES_FIELD_NUMBER: _ClassVar[int]
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    id: int
    content: str
    symbols: _containers.RepeatedScalarFieldContainer[str]
    kind: WorkingMemoryKind
    timestamp_unix_ms: int
    relevance: float
    source_cycle: int
    reference_count: int
    access_cycles: _containers.RepeatedScalarFieldContainer[int]
    tool_name: str
    def __init__(self, id: _Optional[int] = ..., content: _Optional[str] = ..., symbols: _Optional[_Iterable[str]] = ..., kind: _Optional[_Union[WorkingMemoryKind, str]] = ..., timestamp_unix_ms: _Optional[int] = ..., relevance: _Optional[float] = ..., source_cycle: _Optional[int] = ..., reference_count: _Optional[int] = ..., access_cycles: _Optional[_Iterable[int]] = ..., tool_name: _Optional[str] = ...) -> None: ...

class EpisodicEntry(_message.Message):
    __slots__ = ("symbol_id", "goal_id", "summary", "learnings", "tags", "consolidation_reason", "relevance_score", "timestamp_unix_ms", "derivation_kind", "source_cycle")
    SYMBOL_ID_FIELD_NUMBER: _ClassVar[int]
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    LEARNINGS_FIELD_NUMBER: _ClassVar[int]
    TAGS_FIELD_NUMBER: _ClassVar[int]
    CONSOLIDATION_REASON_FIELD_NUMBER: _ClassVar[int]
    RELEVANCE_SCORE_FIELD_NUMBER: _ClassVar[int]
    TIMESTAMP_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    DERIVATION_KIND_FIELD_NUMBER: _ClassVar[int]
    SOURCE_CYCLE_FIELD_NUMBER: _ClassVar[int]
    symbol_id: str
    goal_id: str
    summary: str
    learnings: _containers.RepeatedScalarFieldContainer[str]
    tags: _containers.RepeatedScalarFieldContainer[str]
    consolidation_reason: str
    relevance_score: float
    timestamp_unix_ms: int
    derivation_kind: DerivationKind
    source_cycle: int
    def __init__(self, symbol_id: _Optional[str] = ..., goal_id: _Optional[str] = ..., summary: _Optional[str] = ..., learnings: _Optional[_Iterable[str]] = ..., tags: _Optional[_Iterable[str]] = ..., consolidation_reason: _Optional[str] = ..., relevance_score: _Optional[float] = ..., timestamp_unix_ms: _Optional[int] = ..., derivation_kind: _Optional[_Union[DerivationKind, str]] = ..., source_cycle: _Optional[int] = ...) -> None: ...

class ToolDescriptor(_message.Message):
    __slots__ = ("name", "description", "keywords", "danger", "capabilities", "required_params", "input_schema_json", "has_side_effects", "timeout_ms", "output_cap_bytes", "scoring", "vsa_threshold", "vsa_multiplier", "archetype", "call_budget")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    KEYWORDS_FIELD_NUMBER: _ClassVar[int]
    DANGER_FIELD_NUMBER: _ClassVar[int]
    CAPABILITIES_FIELD_NUMBER: _ClassVar[int]
    REQUIRED_PARAMS_FIELD_NUMBER: _ClassVar[int]
    INPUT_SCHEMA_JSON_FIELD_NUMBER: _ClassVar[int]
    HAS_SIDE_EFFECTS_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_MS_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_CAP_BYTES_FIELD_NUMBER: _ClassVar[int]
    SCORING_FIELD_NUMBER: _ClassVar[int]
    VSA_THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    VSA_MULTIPLIER_FIELD_NUMBER: _ClassVar[int]
    ARCHETYPE_FIELD_NUMBER: _ClassVar[int]
    CALL_BUDGET_FIELD_NUMBER: _ClassVar[int]
    name: str
    description: str
    keywords: _containers.RepeatedScalarFieldContainer[str]
    danger: DangerLevel
    capabilities: _containers.RepeatedScalarFieldContainer[Capability]
    required_params: _containers.RepeatedScalarFieldContainer[str]
    input_schema_json: str
    has_side_effects: bool
    timeout_ms: int
    output_cap_bytes: int
    scoring: ScoringMethod
    vsa_threshold: float
    vsa_multiplier: float
    archetype: Archetype
    call_budget: int
    def __init__(self, name: _Optional[str] = ..., description: _Optional[str] = ..., keywords: _Optional[_Iterable[str]] = ..., danger: _Optional[_Union[DangerLevel, str]] = ..., capabilities: _Optional[_Iterable[_Union[Capability, str]]] = ..., required_params: _Optional[_Iterable[str]] = ..., input_schema_json: _Optional[str] = ..., has_side_effects: _Optional[bool] = ..., timeout_ms: _Optional[int] = ..., output_cap_bytes: _Optional[int] = ..., scoring: _Optional[_Union[ScoringMethod, str]] = ..., vsa_threshold: _Optional[float] = ..., vsa_multiplier: _Optional[float] = ..., archetype: _Optional[_Union[Archetype, str]] = ..., call_budget: _Optional[int] = ...) -> None: ...

class ToolCall(_message.Message):
    __slots__ = ("tool_name", "input_json", "idempotency_key")
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    INPUT_JSON_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    tool_name: str
    input_json: str
    idempotency_key: IdempotencyKey
    def __init__(self, tool_name: _Optional[str] = ..., input_json: _Optional[str] = ..., idempotency_key: _Optional[_Union[IdempotencyKey, _Mapping]] = ...) -> None: ...

class ToolOutput(_message.Message):
    __slots__ = ("success", "content", "symbols_involved", "error", "truncated", "output_bytes", "duration_ms", "data_json")
    SUCCESS_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    SYMBOLS_INVOLVED_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    TRUNCATED_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_BYTES_FIELD_NUMBER: _ClassVar[int]
    DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    DATA_JSON_FIELD_NUMBER: _ClassVar[int]
    success: bool
    content: str
    symbols_involved: _containers.RepeatedScalarFieldContainer[str]
    error: Status
    truncated: bool
    output_bytes: int
    duration_ms: int
    data_json: str
    def __init__(self, success: _Optional[bool] = ..., content: _Optional[str] = ..., symbols_involved: _Optional[_Iterable[str]] = ..., error: _Optional[_Union[Status, _Mapping]] = ..., truncated: _Optional[bool] = ..., output_bytes: _Optional[int] = ..., duration_ms: _Optional[int] = ..., data_json: _Optional[str] = ...) -> None: ...

class FileReadAction(_message.Message):
    __slots__ = ("path",)
    PATH_FIELD_NUMBER: _ClassVar[int]
    path: str
    def __init__(self, path: _Optional[str] = ...) -> None: ...

class FileWriteAction(_message.Message):
    __slots__ = ("path", "diff_preview", "size_bytes", "creates_file")
    PATH_FIELD_NUMBER: _ClassVar[int]
    DIFF_PREVIEW_FIELD_NUMBER: _ClassVar[int]
    SIZE_BYTES_FIELD_NUMBER: _ClassVar[int]
    CREATES_FILE_FIELD_NUMBER: _ClassVar[int]
    path: str
    diff_preview: str
    size_bytes: int
    creates_file: bool
    def __init__(self, path: _Optional[str] = ..., diff_preview: _Optional[str] = ..., size_bytes: _Optional[int] = ..., creates_file: _Optional[bool] = ...) -> None: ...

class FileDeleteAction(_message.Message):
    __slots__ = ("path", "recursive")
    PATH_FIELD_NUMBER: _ClassVar[int]
    RECURSIVE_FIELD_NUMBER: _ClassVar[int]
    path: str
    recursive: bool
    def __init__(self, path: _Optional[str] = ..., recursive: _Optional[bool] = ...) -> None: ...

class ShellCommandAction(_message.Message):
    __slots__ = ("argv", "cwd", "timeout_ms", "command_line")
    ARGV_FIELD_NUMBER: _ClassVar[int]
    CWD_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_MS_FIELD_NUMBER: _ClassVar[int]
    COMMAND_LINE_FIELD_NUMBER: _ClassVar[int]
    argv: _containers.RepeatedScalarFieldContainer[str]
    cwd: str
    timeout_ms: int
    command_line: str
    def __init__(self, argv: _Optional[_Iterable[str]] = ..., cwd: _Optional[str] = ..., timeout_ms: _Optional[int] = ..., command_line: _Optional[str] = ...) -> None: ...

class NetworkRequestAction(_message.Message):
    __slots__ = ("method", "url", "host", "private_address")
    METHOD_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    HOST_FIELD_NUMBER: _ClassVar[int]
    PRIVATE_ADDRESS_FIELD_NUMBER: _ClassVar[int]
    method: str
    url: str
    host: str
    private_address: bool
    def __init__(self, method: _Optional[str] = ..., url: _Optional[str] = ..., host: _Optional[str] = ..., private_address: _Optional[bool] = ...) -> None: ...

class KgMutationAction(_message.Message):
    __slots__ = ("assert_triples", "retract_triples")
    ASSERT_TRIPLES_FIELD_NUMBER: _ClassVar[int]
    RETRACT_TRIPLES_FIELD_NUMBER: _ClassVar[int]
    assert_triples: _containers.RepeatedCompositeFieldContainer[Triple]
    retract_triples: _containers.RepeatedCompositeFieldContainer[Triple]
    def __init__(self, assert_triples: _Optional[_Iterable[_Union[Triple, _Mapping]]] = ..., retract_triples: _Optional[_Iterable[_Union[Triple, _Mapping]]] = ...) -> None: ...

class UserQuestionAction(_message.Message):
    __slots__ = ("question", "options")
    QUESTION_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    question: str
    options: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, question: _Optional[str] = ..., options: _Optional[_Iterable[str]] = ...) -> None: ...

class OtherAction(_message.Message):
    __slots__ = ("summary",)
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    summary: str
    def __init__(self, summary: _Optional[str] = ...) -> None: ...

class ActionDetails(_message.Message):
    __slots__ = ("file_read", "file_write", "file_delete", "shell_command", "network_request", "kg_mutation", "user_question", "other")
    FILE_READ_FIELD_NUMBER: _ClassVar[int]
    FILE_WRITE_FIELD_NUMBER: _ClassVar[int]
    FILE_DELETE_FIELD_NUMBER: _ClassVar[int]
    SHELL_COMMAND_FIELD_NUMBER: _ClassVar[int]
    NETWORK_REQUEST_FIELD_NUMBER: _ClassVar[int]
    KG_MUTATION_FIELD_NUMBER: _ClassVar[int]
    USER_QUESTION_FIELD_NUMBER: _ClassVar[int]
    OTHER_FIELD_NUMBER: _ClassVar[int]
    file_read: FileReadAction
    file_write: FileWriteAction
    file_delete: FileDeleteAction
    shell_command: ShellCommandAction
    network_request: NetworkRequestAction
    kg_mutation: KgMutationAction
    user_question: UserQuestionAction
    other: OtherAction
    def __init__(self, file_read: _Optional[_Union[FileReadAction, _Mapping]] = ..., file_write: _Optional[_Union[FileWriteAction, _Mapping]] = ..., file_delete: _Optional[_Union[FileDeleteAction, _Mapping]] = ..., shell_command: _Optional[_Union[ShellCommandAction, _Mapping]] = ..., network_request: _Optional[_Union[NetworkRequestAction, _Mapping]] = ..., kg_mutation: _Optional[_Union[KgMutationAction, _Mapping]] = ..., user_question: _Optional[_Union[UserQuestionAction, _Mapping]] = ..., other: _Optional[_Union[OtherAction, _Mapping]] = ...) -> None: ...

class ApprovalRequest(_message.Message):
    __slots__ = ("id", "agent_id", "cycle", "tool_name", "danger", "capabilities", "action", "plan", "reason", "agent_reasoning", "consequences", "reversible", "preview", "similarity_key", "requested_at_unix_ms", "deadline_unix_ms")
    ID_FIELD_NUMBER: _ClassVar[int]
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    CYCLE_FIELD_NUMBER: _ClassVar[int]
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    DANGER_FIELD_NUMBER: _ClassVar[int]
    CAPABILITIES_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    PLAN_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    AGENT_REASONING_FIELD_NUMBER: _ClassVar[int]
    CONSEQUENCES_FIELD_NUMBER: _ClassVar[int]
    REVERSIBLE_FIELD_NUMBER: _ClassVar[int]
    PREVIEW_FIELD_NUMBER: _ClassVar[int]
    SIMILARITY_KEY_FIELD_NUMBER: _ClassVar[int]
    REQUESTED_AT_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    id: str
    agent_id: str
    cycle: int
    tool_name: str
    danger: DangerLevel
    capabilities: _containers.RepeatedScalarFieldContainer[Capability]
    action: ActionDetails
    plan: Plan
    reason: str
    agent_reasoning: str
    consequences: str
    reversible: bool
    preview: str
    similarity_key: str
    requested_at_unix_ms: int
    deadline_unix_ms: int
    def __init__(self, id: _Optional[str] = ..., agent_id: _Optional[str] = ..., cycle: _Optional[int] = ..., tool_name: _Optional[str] = ..., danger: _Optional[_Union[DangerLevel, str]] = ..., capabilities: _Optional[_Iterable[_Union[Capability, str]]] = ..., action: _Optional[_Union[ActionDetails, _Mapping]] = ..., plan: _Optional[_Union[Plan, _Mapping]] = ..., reason: _Optional[str] = ..., agent_reasoning: _Optional[str] = ..., consequences: _Optional[str] = ..., reversible: _Optional[bool] = ..., preview: _Optional[str] = ..., similarity_key: _Optional[str] = ..., requested_at_unix_ms: _Optional[int] = ..., deadline_unix_ms: _Optional[int] = ...) -> None: ...

class ApprovalDecision(_message.Message):
    __slots__ = ("approval_id", "agent_id", "verdict", "answered_by", "comment", "decided_at_unix_ms")
    APPROVAL_ID_FIELD_NUMBER: _ClassVar[int]
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    VERDICT_FIELD_NUMBER: _ClassVar[int]
    ANSWERED_BY_FIELD_NUMBER: _ClassVar[int]
    COMMENT_FIELD_NUMBER: _ClassVar[int]
    DECIDED_AT_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    approval_id: str
    agent_id: str
    verdict: ApprovalVerdict
    answered_by: str
    comment: str
    decided_at_unix_ms: int
    def __init__(self, approval_id: _Optional[str] = ..., agent_id: _Optional[str] = ..., verdict: _Optional[_Union[ApprovalVerdict, str]] = ..., answered_by: _Optional[str] = ..., comment: _Optional[str] = ..., decided_at_unix_ms: _Optional[int] = ...) -> None: ...

class ScoreBreakdown(_message.Message):
    __slots__ = ("base", "recency_penalty", "novelty_bonus", "episodic_bonus", "pressure_bonus", "archetype_bonus", "plan_bonus", "raw", "priority_factor", "total", "breakdown", "method", "similarity", "threshold", "correction", "rule_ids")
    BASE_FIELD_NUMBER: _ClassVar[int]
    RECENCY_PENALTY_FIELD_NUMBER: _ClassVar[int]
    NOVELTY_BONUS_FIELD_NUMBER: _ClassVar[int]
    EPISODIC_BONUS_FIELD_NUMBER: _ClassVar[int]
    PRESSURE_BONUS_FIELD_NUMBER: _ClassVar[int]
    ARCHETYPE_BONUS_FIELD_NUMBER: _ClassVar[int]
    PLAN_BONUS_FIELD_NUMBER: _ClassVar[int]
    RAW_FIELD_NUMBER: _ClassVar[int]
    PRIORITY_FACTOR_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    BREAKDOWN_FIELD_NUMBER: _ClassVar[int]
    METHOD_FIELD_NUMBER: _ClassVar[int]
    SIMILARITY_FIELD_NUMBER: _ClassVar[int]
    THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    CORRECTION_FIELD_NUMBER: _ClassVar[int]
    RULE_IDS_FIELD_NUMBER: _ClassVar[int]
    base: float
    recency_penalty: float
    novelty_bonus: float
    episodic_bonus: float
    pressure_bonus: float
    archetype_bonus: float
    plan_bonus: float
    raw: float
    priority_factor: float
    total: float
    breakdown: str
    method: ScoringMethod
    similarity: float
    threshold: float
    correction: float
    rule_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, base: _Optional[float] = ..., recency_penalty: _Optional[float] = ..., novelty_bonus: _Optional[float] = ..., episodic_bonus: _Optional[float] = ..., pressure_bonus: _Optional[float] = ..., archetype_bonus: _Optional[float] = ..., plan_bonus: _Optional[float] = ..., raw: _Optional[float] = ..., priority_factor: _Optional[float] = ..., total: _Optional[float] = ..., breakdown: _Optional[str] = ..., method: _Optional[_Union[ScoringMethod, str]] = ..., similarity: _Optional[float] = ..., threshold: _Optional[float] = ..., correction: _Optional[float] = ..., rule_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class ToolCandidate(_message.Message):
    __slots__ = ("tool_name", "input_json", "score", "rank")
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    INPUT_JSON_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    tool_name: str
    input_json: str
    score: ScoreBreakdown
    rank: int
    def __init__(self, tool_name: _Optional[str] = ..., input_json: _Optional[str] = ..., score: _Optional[_Union[ScoreBreakdown, _Mapping]] = ..., rank: _Optional[int] = ...) -> None: ...

class DecisionExplanation(_message.Message):
    __slots__ = ("reasoning", "confidence", "alternatives", "context_factors")
    REASONING_FIELD_NUMBER: _ClassVar[int]
    CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    ALTERNATIVES_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_FACTORS_FIELD_NUMBER: _ClassVar[int]
    reasoning: str
    confidence: float
    alternatives: _containers.RepeatedCompositeFieldContainer[ToolCandidate]
    context_factors: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, reasoning: _Optional[str] = ..., confidence: _Optional[float] = ..., alternatives: _Optional[_Iterable[_Union[ToolCandidate, _Mapping]]] = ..., context_factors: _Optional[_Iterable[str]] = ...) -> None: ...

class StepFallback(_message.Message):
    __slots__ = ("tool_name", "input_json", "description")
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    INPUT_JSON_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    tool_name: str
    input_json: str
    description: str
    def __init__(self, tool_name: _Optional[str] = ..., input_json: _Optional[str] = ..., description: _Optional[str] = ...) -> None: ...

class PlanStep(_message.Message):
    __slots__ = ("index", "tool_name", "tool_input_json", "rationale", "description", "status", "status_reason", "depends_on", "can_fail", "fallback", "expected_effects", "has_side_effects")
    INDEX_FIELD_NUMBER: _ClassVar[int]
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    TOOL_INPUT_JSON_FIELD_NUMBER: _ClassVar[int]
    RATIONALE_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    STATUS_REASON_FIELD_NUMBER: _ClassVar[int]
    DEPENDS_ON_FIELD_NUMBER: _ClassVar[int]
    CAN_FAIL_FIELD_NUMBER: _ClassVar[int]
    FALLBACK_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_EFFECTS_FIELD_NUMBER: _ClassVar[int]
    HAS_SIDE_EFFECTS_FIELD_NUMBER: _ClassVar[int]
    index: int
    tool_name: str
    tool_input_json: str
    rationale: str
    description: str
    status: StepStatus
    status_reason: str
    depends_on: _containers.RepeatedScalarFieldContainer[int]
    can_fail: bool
    fallback: StepFallback
    expected_effects: _containers.RepeatedScalarFieldContainer[str]
    has_side_effects: bool
    def __init__(self, index: _Optional[int] = ..., tool_name: _Optional[str] = ..., tool_input_json: _Optional[str] = ..., rationale: _Optional[str] = ..., description: _Optional[str] = ..., status: _Optional[_Union[StepStatus, str]] = ..., status_reason: _Optional[str] = ..., depends_on: _Optional[_Iterable[int]] = ..., can_fail: _Optional[bool] = ..., fallback: _Optional[_Union[StepFallback, _Mapping]] = ..., expected_effects: _Optional[_Iterable[str]] = ..., has_side_effects: _Optional[bool] = ...) -> None: ...

class Plan(_message.Message):
    __slots__ = ("goal_id", "steps", "status", "failed_step", "failure_reason", "attempt", "strategy", "strategies", "ordering", "has_side_effects", "confirmed", "risks", "estimated_duration_ms", "created_at_unix_ms")
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    FAILED_STEP_FIELD_NUMBER: _ClassVar[int]
    FAILURE_REASON_FIELD_NUMBER: _ClassVar[int]
    ATTEMPT_FIELD_NUMBER: _ClassVar[int]
    STRATEGY_FIELD_NUMBER: _ClassVar[int]
    STRATEGIES_FIELD_NUMBER: _ClassVar[int]
    ORDERING_FIELD_NUMBER: _ClassVar[int]
    HAS_SIDE_EFFECTS_FIELD_NUMBER: _ClassVar[int]
    CONFIRMED_FIELD_NUMBER: _ClassVar[int]
    RISKS_FIELD_NUMBER: _ClassVar[int]
    ESTIMATED_DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    goal_id: str
    steps: _containers.RepeatedCompositeFieldContainer[PlanStep]
    status: PlanStatus
    failed_step: int
    failure_reason: str
    attempt: int
    strategy: str
    strategies: _containers.RepeatedScalarFieldContainer[PlanStrategy]
    ordering: PlanOrdering
    has_side_effects: bool
    confirmed: bool
    risks: _containers.RepeatedScalarFieldContainer[str]
    estimated_duration_ms: int
    created_at_unix_ms: int
    def __init__(self, goal_id: _Optional[str] = ..., steps: _Optional[_Iterable[_Union[PlanStep, _Mapping]]] = ..., status: _Optional[_Union[PlanStatus, str]] = ..., failed_step: _Optional[int] = ..., failure_reason: _Optional[str] = ..., attempt: _Optional[int] = ..., strategy: _Optional[str] = ..., strategies: _Optional[_Iterable[_Union[PlanStrategy, str]]] = ..., ordering: _Optional[_Union[PlanOrdering, str]] = ..., has_side_effects: _Optional[bool] = ..., confirmed: _Optional[bool] = ..., risks: _Optional[_Iterable[str]] = ..., estimated_duration_ms: _Optional[int] = ..., created_at_unix_ms: _Optional[int] = ...) -> None: ...

class Persona(_message.Message):
    __slots__ = ("name", "grammar", "traits", "tone")
    NAME_FIELD_NUMBER: _ClassVar[int]
    GRAMMAR_FIELD_NUMBER: _ClassVar[int]
    TRAITS_FIELD_NUMBER: _ClassVar[int]
    TONE_FIELD_NUMBER: _ClassVar[int]
    name: str
    grammar: str
    traits: _containers.RepeatedScalarFieldContainer[str]
    tone: str
    def __init__(self, name: _Optional[str] = ..., grammar: _Optional[str] = ..., traits: _Optional[_Iterable[str]] = ..., tone: _Optional[str] = ...) -> None: ...

class ShadowPattern(_message.Message):
    __slots__ = ("name", "capability_triggers", "danger_level_threshold", "action_triggers", "severity", "explanation")
    NAME_FIELD_NUMBER: _ClassVar[int]
    CAPABILITY_TRIGGERS_FIELD_NUMBER: _ClassVar[int]
    DANGER_LEVEL_THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    ACTION_TRIGGERS_FIELD_NUMBER: _ClassVar[int]
    SEVERITY_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    name: str
    capability_triggers: _containers.RepeatedScalarFieldContainer[Capability]
    danger_level_threshold: DangerLevel
    action_triggers: _containers.RepeatedScalarFieldContainer[str]
    severity: float
    explanation: str
    def __init__(self, name: _Optional[str] = ..., capability_triggers: _Optional[_Iterable[_Union[Capability, str]]] = ..., danger_level_threshold: _Optional[_Union[DangerLevel, str]] = ..., action_triggers: _Optional[_Iterable[str]] = ..., severity: _Optional[float] = ..., explanation: _Optional[str] = ...) -> None: ...

class Shadow(_message.Message):
    __slots__ = ("veto_patterns", "bias_patterns")
    VETO_PATTERNS_FIELD_NUMBER: _ClassVar[int]
    BIAS_PATTERNS_FIELD_NUMBER: _ClassVar[int]
    veto_patterns: _containers.RepeatedCompositeFieldContainer[ShadowPattern]
    bias_patterns: _containers.RepeatedCompositeFieldContainer[ShadowPattern]
    def __init__(self, veto_patterns: _Optional[_Iterable[_Union[ShadowPattern, _Mapping]]] = ..., bias_patterns: _Optional[_Iterable[_Union[ShadowPattern, _Mapping]]] = ...) -> None: ...

class ArchetypeWeights(_message.Message):
    __slots__ = ("healer", "sage", "guardian", "explorer")
    HEALER_FIELD_NUMBER: _ClassVar[int]
    SAGE_FIELD_NUMBER: _ClassVar[int]
    GUARDIAN_FIELD_NUMBER: _ClassVar[int]
    EXPLORER_FIELD_NUMBER: _ClassVar[int]
    healer: float
    sage: float
    guardian: float
    explorer: float
    def __init__(self, healer: _Optional[float] = ..., sage: _Optional[float] = ..., guardian: _Optional[float] = ..., explorer: _Optional[float] = ...) -> None: ...

class SelfIntegration(_message.Message):
    __slots__ = ("individuation", "shadow_encounters", "dominant")
    INDIVIDUATION_FIELD_NUMBER: _ClassVar[int]
    SHADOW_ENCOUNTERS_FIELD_NUMBER: _ClassVar[int]
    DOMINANT_FIELD_NUMBER: _ClassVar[int]
    individuation: float
    shadow_encounters: int
    dominant: Archetype
    def __init__(self, individuation: _Optional[float] = ..., shadow_encounters: _Optional[int] = ..., dominant: _Optional[_Union[Archetype, str]] = ...) -> None: ...

class Psyche(_message.Message):
    __slots__ = ("persona", "shadow", "archetypes", "integration", "awakened")
    PERSONA_FIELD_NUMBER: _ClassVar[int]
    SHADOW_FIELD_NUMBER: _ClassVar[int]
    ARCHETYPES_FIELD_NUMBER: _ClassVar[int]
    INTEGRATION_FIELD_NUMBER: _ClassVar[int]
    AWAKENED_FIELD_NUMBER: _ClassVar[int]
    persona: Persona
    shadow: Shadow
    archetypes: ArchetypeWeights
    integration: SelfIntegration
    awakened: bool
    def __init__(self, persona: _Optional[_Union[Persona, _Mapping]] = ..., shadow: _Optional[_Union[Shadow, _Mapping]] = ..., archetypes: _Optional[_Union[ArchetypeWeights, _Mapping]] = ..., integration: _Optional[_Union[SelfIntegration, _Mapping]] = ..., awakened: _Optional[bool] = ...) -> None: ...

class Adjustment(_message.Message):
    __slots__ = ("kind", "goal_id", "priority_delta", "description", "applied")
    KIND_FIELD_NUMBER: _ClassVar[int]
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    PRIORITY_DELTA_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    APPLIED_FIELD_NUMBER: _ClassVar[int]
    kind: AdjustmentKind
    goal_id: str
    priority_delta: int
    description: str
    applied: bool
    def __init__(self, kind: _Optional[_Union[AdjustmentKind, str]] = ..., goal_id: _Optional[str] = ..., priority_delta: _Optional[int] = ..., description: _Optional[str] = ..., applied: _Optional[bool] = ...) -> None: ...

class ToolEffectiveness(_message.Message):
    __slots__ = ("tool_name", "invocations", "successes", "success_rate", "flagged")
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    INVOCATIONS_FIELD_NUMBER: _ClassVar[int]
    SUCCESSES_FIELD_NUMBER: _ClassVar[int]
    SUCCESS_RATE_FIELD_NUMBER: _ClassVar[int]
    FLAGGED_FIELD_NUMBER: _ClassVar[int]
    tool_name: str
    invocations: int
    successes: int
    success_rate: float
    flagged: bool
    def __init__(self, tool_name: _Optional[str] = ..., invocations: _Optional[int] = ..., successes: _Optional[int] = ..., success_rate: _Optional[float] = ..., flagged: _Optional[bool] = ...) -> None: ...

class GoalAssessment(_message.Message):
    __slots__ = ("goal_id", "cycles_worked", "cycles_since_progress", "advanced", "stagnant")
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    CYCLES_WORKED_FIELD_NUMBER: _ClassVar[int]
    CYCLES_SINCE_PROGRESS_FIELD_NUMBER: _ClassVar[int]
    ADVANCED_FIELD_NUMBER: _ClassVar[int]
    STAGNANT_FIELD_NUMBER: _ClassVar[int]
    goal_id: str
    cycles_worked: int
    cycles_since_progress: int
    advanced: bool
    stagnant: bool
    def __init__(self, goal_id: _Optional[str] = ..., cycles_worked: _Optional[int] = ..., cycles_since_progress: _Optional[int] = ..., advanced: _Optional[bool] = ..., stagnant: _Optional[bool] = ...) -> None: ...

class ReflectionReport(_message.Message):
    __slots__ = ("cycle", "tools", "goals", "adjustments", "memory_pressure", "psyche", "summary")
    CYCLE_FIELD_NUMBER: _ClassVar[int]
    TOOLS_FIELD_NUMBER: _ClassVar[int]
    GOALS_FIELD_NUMBER: _ClassVar[int]
    ADJUSTMENTS_FIELD_NUMBER: _ClassVar[int]
    MEMORY_PRESSURE_FIELD_NUMBER: _ClassVar[int]
    PSYCHE_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    cycle: int
    tools: _containers.RepeatedCompositeFieldContainer[ToolEffectiveness]
    goals: _containers.RepeatedCompositeFieldContainer[GoalAssessment]
    adjustments: _containers.RepeatedCompositeFieldContainer[Adjustment]
    memory_pressure: float
    psyche: Psyche
    summary: str
    def __init__(self, cycle: _Optional[int] = ..., tools: _Optional[_Iterable[_Union[ToolEffectiveness, _Mapping]]] = ..., goals: _Optional[_Iterable[_Union[GoalAssessment, _Mapping]]] = ..., adjustments: _Optional[_Iterable[_Union[Adjustment, _Mapping]]] = ..., memory_pressure: _Optional[float] = ..., psyche: _Optional[_Union[Psyche, _Mapping]] = ..., summary: _Optional[str] = ...) -> None: ...

class ReflectionConfig(_message.Message):
    __slots__ = ("reflect_every_n_cycles", "min_cycles_worked", "min_tool_success_rate", "stagnation_threshold", "abandon_after_cycles", "boost_amount", "demote_amount")
    REFLECT_EVERY_N_CYCLES_FIELD_NUMBER: _ClassVar[int]
    MIN_CYCLES_WORKED_FIELD_NUMBER: _ClassVar[int]
    MIN_TOOL_SUCCESS_RATE_FIELD_NUMBER: _ClassVar[int]
    STAGNATION_THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    ABANDON_AFTER_CYCLES_FIELD_NUMBER: _ClassVar[int]
    BOOST_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    DEMOTE_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    reflect_every_n_cycles: int
    min_cycles_worked: int
    min_tool_success_rate: float
    stagnation_threshold: int
    abandon_after_cycles: int
    boost_amount: int
    demote_amount: int
    def __init__(self, reflect_every_n_cycles: _Optional[int] = ..., min_cycles_worked: _Optional[int] = ..., min_tool_success_rate: _Optional[float] = ..., stagnation_threshold: _Optional[int] = ..., abandon_after_cycles: _Optional[int] = ..., boost_amount: _Optional[int] = ..., demote_amount: _Optional[int] = ...) -> None: ...

class ConsolidationConfig(_message.Message):
    __slots__ = ("min_relevance", "goal_relevance_weight", "novelty_weight", "utility_weight", "auto_consolidate_at", "pressure_threshold")
    MIN_RELEVANCE_FIELD_NUMBER: _ClassVar[int]
    GOAL_RELEVANCE_WEIGHT_FIELD_NUMBER: _ClassVar[int]
    NOVELTY_WEIGHT_FIELD_NUMBER: _ClassVar[int]
    UTILITY_WEIGHT_FIELD_NUMBER: _ClassVar[int]
    AUTO_CONSOLIDATE_AT_FIELD_NUMBER: _ClassVar[int]
    PRESSURE_THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    min_relevance: float
    goal_relevance_weight: float
    novelty_weight: float
    utility_weight: float
    auto_consolidate_at: int
    pressure_threshold: float
    def __init__(self, min_relevance: _Optional[float] = ..., goal_relevance_weight: _Optional[float] = ..., novelty_weight: _Optional[float] = ..., utility_weight: _Optional[float] = ..., auto_consolidate_at: _Optional[int] = ..., pressure_threshold: _Optional[float] = ...) -> None: ...

class ControlLoopConfig(_message.Message):
    __slots__ = ("convergence_threshold", "k_proportional", "k_integral", "stall_patience", "integral_max", "gain_min", "gain_max", "max_iterations", "measure")
    CONVERGENCE_THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    K_PROPORTIONAL_FIELD_NUMBER: _ClassVar[int]
    K_INTEGRAL_FIELD_NUMBER: _ClassVar[int]
    STALL_PATIENCE_FIELD_NUMBER: _ClassVar[int]
    INTEGRAL_MAX_FIELD_NUMBER: _ClassVar[int]
    GAIN_MIN_FIELD_NUMBER: _ClassVar[int]
    GAIN_MAX_FIELD_NUMBER: _ClassVar[int]
    MAX_ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    MEASURE_FIELD_NUMBER: _ClassVar[int]
    convergence_threshold: float
    k_proportional: float
    k_integral: float
    stall_patience: int
    integral_max: float
    gain_min: float
    gain_max: float
    max_iterations: int
    measure: ProgressMeasure
    def __init__(self, convergence_threshold: _Optional[float] = ..., k_proportional: _Optional[float] = ..., k_integral: _Optional[float] = ..., stall_patience: _Optional[int] = ..., integral_max: _Optional[float] = ..., gain_min: _Optional[float] = ..., gain_max: _Optional[float] = ..., max_iterations: _Optional[int] = ..., measure: _Optional[_Union[ProgressMeasure, str]] = ...) -> None: ...

class AgentConfig(_message.Message):
    __slots__ = ("working_memory_capacity", "consolidation", "max_cycles", "auto_consolidate", "reflection", "max_backtrack_attempts", "default_stall_threshold", "control", "iteration_budget", "tool_timeout_ms", "tool_call_budgets", "approval_mode", "approval_timeout_ms", "confirm_side_effect_plans", "tool_failure_fails_goal", "episode_recall_top_k", "activation_top_k", "activation_max_depth", "budget_warn_at")
    class ToolCallBudgetsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    WORKING_MEMORY_CAPACITY_FIELD_NUMBER: _ClassVar[int]
    CONSOLIDATION_FIELD_NUMBER: _ClassVar[int]
    MAX_CYCLES_FIELD_NUMBER: _ClassVar[int]
    AUTO_CONSOLIDATE_FIELD_NUMBER: _ClassVar[int]
    REFLECTION_FIELD_NUMBER: _ClassVar[int]
    MAX_BACKTRACK_ATTEMPTS_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_STALL_THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    CONTROL_FIELD_NUMBER: _ClassVar[int]
    ITERATION_BUDGET_FIELD_NUMBER: _ClassVar[int]
    TOOL_TIMEOUT_MS_FIELD_NUMBER: _ClassVar[int]
    TOOL_CALL_BUDGETS_FIELD_NUMBER: _ClassVar[int]
    APPROVAL_MODE_FIELD_NUMBER: _ClassVar[int]
    APPROVAL_TIMEOUT_MS_FIELD_NUMBER: _ClassVar[int]
    CONFIRM_SIDE_EFFECT_PLANS_FIELD_NUMBER: _ClassVar[int]
    TOOL_FAILURE_FAILS_GOAL_FIELD_NUMBER: _ClassVar[int]
    EPISODE_RECALL_TOP_K_FIELD_NUMBER: _ClassVar[int]
    ACTIVATION_TOP_K_FIELD_NUMBER: _ClassVar[int]
    ACTIVATION_MAX_DEPTH_FIELD_NUMBER: _ClassVar[int]
    BUDGET_WARN_AT_FIELD_NUMBER: _ClassVar[int]
    working_memory_capacity: int
    consolidation: ConsolidationConfig
    max_cycles: int
    auto_consolidate: bool
    reflection: ReflectionConfig
    max_backtrack_attempts: int
    default_stall_threshold: int
    control: ControlLoopConfig
    iteration_budget: int
    tool_timeout_ms: int
    tool_call_budgets: _containers.ScalarMap[str, int]
    approval_mode: ApprovalMode
    approval_timeout_ms: int
    confirm_side_effect_plans: bool
    tool_failure_fails_goal: bool
    episode_recall_top_k: int
    activation_top_k: int
    activation_max_depth: int
    budget_warn_at: float
    def __init__(self, working_memory_capacity: _Optional[int] = ..., consolidation: _Optional[_Union[ConsolidationConfig, _Mapping]] = ..., max_cycles: _Optional[int] = ..., auto_consolidate: _Optional[bool] = ..., reflection: _Optional[_Union[ReflectionConfig, _Mapping]] = ..., max_backtrack_attempts: _Optional[int] = ..., default_stall_threshold: _Optional[int] = ..., control: _Optional[_Union[ControlLoopConfig, _Mapping]] = ..., iteration_budget: _Optional[int] = ..., tool_timeout_ms: _Optional[int] = ..., tool_call_budgets: _Optional[_Mapping[str, int]] = ..., approval_mode: _Optional[_Union[ApprovalMode, str]] = ..., approval_timeout_ms: _Optional[int] = ..., confirm_side_effect_plans: _Optional[bool] = ..., tool_failure_fails_goal: _Optional[bool] = ..., episode_recall_top_k: _Optional[int] = ..., activation_top_k: _Optional[int] = ..., activation_max_depth: _Optional[int] = ..., budget_warn_at: _Optional[float] = ...) -> None: ...
