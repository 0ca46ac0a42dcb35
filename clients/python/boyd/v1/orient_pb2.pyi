from boyd.v1 import common_pb2 as _common_pb2
from boyd.v1 import observe_pb2 as _observe_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ActivationSource(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ACTIVATION_SOURCE_UNSPECIFIED: _ClassVar[ActivationSource]
    ACTIVATION_SOURCE_SEED: _ClassVar[ActivationSource]
    ACTIVATION_SOURCE_GRAPH_EDGE: _ClassVar[ActivationSource]
    ACTIVATION_SOURCE_INVERSE_EDGE: _ClassVar[ActivationSource]
    ACTIVATION_SOURCE_VSA_RECOVERY: _ClassVar[ActivationSource]

class GapKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GAP_KIND_UNSPECIFIED: _ClassVar[GapKind]
    GAP_KIND_DEAD_END: _ClassVar[GapKind]
    GAP_KIND_MISSING_PREDICATE: _ClassVar[GapKind]
    GAP_KIND_LOW_CONFIDENCE: _ClassVar[GapKind]
    GAP_KIND_DISCONNECTED: _ClassVar[GapKind]

class IngestFormat(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    INGEST_FORMAT_UNSPECIFIED: _ClassVar[IngestFormat]
    INGEST_FORMAT_N_TRIPLES: _ClassVar[IngestFormat]
    INGEST_FORMAT_CSV: _ClassVar[IngestFormat]
    INGEST_FORMAT_JSON_LINES: _ClassVar[IngestFormat]
    INGEST_FORMAT_RULES: _ClassVar[IngestFormat]
ACTIVATION_SOURCE_UNSPECIFIED: ActivationSource
ACTIVATION_SOURCE_SEED: ActivationSource
ACTIVATION_SOURCE_GRAPH_EDGE: ActivationSource
ACTIVATION_SOURCE_INVERSE_EDGE: ActivationSource
ACTIVATION_SOURCE_VSA_RECOVERY: ActivationSource
GAP_KIND_UNSPECIFIED: GapKind
GAP_KIND_DEAD_END: GapKind
GAP_KIND_MISSING_PREDICATE: GapKind
GAP_KIND_LOW_CONFIDENCE: GapKind
GAP_KIND_DISCONNECTED: GapKind
INGEST_FORMAT_UNSPECIFIED: IngestFormat
INGEST_FORMAT_N_TRIPLES: IngestFormat
INGEST_FORMAT_CSV: IngestFormat
INGEST_FORMAT_JSON_LINES: IngestFormat
INGEST_FORMAT_RULES: IngestFormat

class ActivationProvenance(_message.Message):
    __slots__ = ("source", "from_id", "predicate", "depth", "edge_confidence")
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    FROM_ID_FIELD_NUMBER: _ClassVar[int]
    PREDICATE_FIELD_NUMBER: _ClassVar[int]
    DEPTH_FIELD_NUMBER: _ClassVar[int]
    EDGE_CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    source: ActivationSource
    from_id: str
    predicate: str
    depth: int
    edge_confidence: float
    def __init__(self, source: _Optional[_Union[ActivationSource, str]] = ..., from_id: _Optional[str] = ..., predicate: _Optional[str] = ..., depth: _Optional[int] = ..., edge_confidence: _Optional[float] = ...) -> None: ...

class ActivatedSymbol(_message.Message):
    __slots__ = ("symbol", "activation", "provenance")
    SYMBOL_FIELD_NUMBER: _ClassVar[int]
    ACTIVATION_FIELD_NUMBER: _ClassVar[int]
    PROVENANCE_FIELD_NUMBER: _ClassVar[int]
    symbol: _common_pb2.Symbol
    activation: float
    provenance: ActivationProvenance
    def __init__(self, symbol: _Optional[_Union[_common_pb2.Symbol, _Mapping]] = ..., activation: _Optional[float] = ..., provenance: _Optional[_Union[ActivationProvenance, _Mapping]] = ...) -> None: ...

class ActivationParams(_message.Message):
    __slots__ = ("max_depth", "top_k", "min_confidence", "hop_decay", "predicate_filter", "max_fan_out", "include_bookkeeping")
    MAX_DEPTH_FIELD_NUMBER: _ClassVar[int]
    TOP_K_FIELD_NUMBER: _ClassVar[int]
    MIN_CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    HOP_DECAY_FIELD_NUMBER: _ClassVar[int]
    PREDICATE_FILTER_FIELD_NUMBER: _ClassVar[int]
    MAX_FAN_OUT_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_BOOKKEEPING_FIELD_NUMBER: _ClassVar[int]
    max_depth: int
    top_k: int
    min_confidence: float
    hop_decay: float
    predicate_filter: _containers.RepeatedScalarFieldContainer[str]
    max_fan_out: int
    include_bookkeeping: bool
    def __init__(self, max_depth: _Optional[int] = ..., top_k: _Optional[int] = ..., min_confidence: _Optional[float] = ..., hop_decay: _Optional[float] = ..., predicate_filter: _Optional[_Iterable[str]] = ..., max_fan_out: _Optional[int] = ..., include_bookkeeping: _Optional[bool] = ...) -> None: ...

class GoalContext(_message.Message):
    __slots__ = ("goal_id", "triples", "inferences", "supporting_triples", "answers")
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    TRIPLES_FIELD_NUMBER: _ClassVar[int]
    INFERENCES_FIELD_NUMBER: _ClassVar[int]
    SUPPORTING_TRIPLES_FIELD_NUMBER: _ClassVar[int]
    ANSWERS_FIELD_NUMBER: _ClassVar[int]
    goal_id: str
    triples: _containers.RepeatedCompositeFieldContainer[_common_pb2.Triple]
    inferences: _containers.RepeatedCompositeFieldContainer[ActivatedSymbol]
    supporting_triples: _containers.RepeatedCompositeFieldContainer[_common_pb2.Triple]
    answers: _common_pb2.GoalAnswers
    def __init__(self, goal_id: _Optional[str] = ..., triples: _Optional[_Iterable[_Union[_common_pb2.Triple, _Mapping]]] = ..., inferences: _Optional[_Iterable[_Union[ActivatedSymbol, _Mapping]]] = ..., supporting_triples: _Optional[_Iterable[_Union[_common_pb2.Triple, _Mapping]]] = ..., answers: _Optional[_Union[_common_pb2.GoalAnswers, _Mapping]] = ...) -> None: ...

class Orientation(_message.Message):
    __slots__ = ("agent_id", "cycle", "observation", "goals", "episode_knowledge", "memory_pressure", "graph_triple_count", "summary")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    CYCLE_FIELD_NUMBER: _ClassVar[int]
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    GOALS_FIELD_NUMBER: _ClassVar[int]
    EPISODE_KNOWLEDGE_FIELD_NUMBER: _ClassVar[int]
    MEMORY_PRESSURE_FIELD_NUMBER: _ClassVar[int]
    GRAPH_TRIPLE_COUNT_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    cycle: int
    observation: _observe_pb2.Observation
    goals: _containers.RepeatedCompositeFieldContainer[GoalContext]
    episode_knowledge: _containers.RepeatedCompositeFieldContainer[_common_pb2.Triple]
    memory_pressure: float
    graph_triple_count: int
    summary: str
    def __init__(self, agent_id: _Optional[str] = ..., cycle: _Optional[int] = ..., observation: _Optional[_Union[_observe_pb2.Observation, _Mapping]] = ..., goals: _Optional[_Iterable[_Union[GoalContext, _Mapping]]] = ..., episode_knowledge: _Optional[_Iterable[_Union[_common_pb2.Triple, _Mapping]]] = ..., memory_pressure: _Optional[float] = ..., graph_triple_count: _Optional[int] = ..., summary: _Optional[str] = ...) -> None: ...

class OrientRequest(_message.Message):
    __slots__ = ("agent_id", "observation", "activation", "max_triples_per_goal")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    ACTIVATION_FIELD_NUMBER: _ClassVar[int]
    MAX_TRIPLES_PER_GOAL_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    observation: _observe_pb2.Observation
    activation: ActivationParams
    max_triples_per_goal: int
    def __init__(self, agent_id: _Optional[str] = ..., observation: _Optional[_Union[_observe_pb2.Observation, _Mapping]] = ..., activation: _Optional[_Union[ActivationParams, _Mapping]] = ..., max_triples_per_goal: _Optional[int] = ...) -> None: ...

class OrientResponse(_message.Message):
    __slots__ = ("orientation",)
    ORIENTATION_FIELD_NUMBER: _ClassVar[int]
    orientation: Orientation
    def __init__(self, orientation: _Optional[_Union[Orientation, _Mapping]] = ...) -> None: ...

class QueryRequest(_message.Message):
    __slots__ = ("agent_id", "subject", "predicate", "object", "terms_are_labels", "min_confidence", "limit", "page_token")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    SUBJECT_FIELD_NUMBER: _ClassVar[int]
    PREDICATE_FIELD_NUMBER: _ClassVar[int]
    OBJECT_FIELD_NUMBER: _ClassVar[int]
    TERMS_ARE_LABELS_FIELD_NUMBER: _ClassVar[int]
    MIN_CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    subject: str
    predicate: str
    object: str
    terms_are_labels: bool
    min_confidence: float
    limit: int
    page_token: str
    def __init__(self, agent_id: _Optional[str] = ..., subject: _Optional[str] = ..., predicate: _Optional[str] = ..., object: _Optional[str] = ..., terms_are_labels: _Optional[bool] = ..., min_confidence: _Optional[float] = ..., limit: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class QueryResponse(_message.Message):
    __slots__ = ("triples", "next_page_token")
    TRIPLES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    triples: _containers.RepeatedCompositeFieldContainer[_common_pb2.Triple]
    next_page_token: str
    def __init__(self, triples: _Optional[_Iterable[_Union[_common_pb2.Triple, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class QueryBatchRequest(_message.Message):
    __slots__ = ("agent_id", "queries")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    QUERIES_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    queries: _containers.RepeatedCompositeFieldContainer[QueryRequest]
    def __init__(self, agent_id: _Optional[str] = ..., queries: _Optional[_Iterable[_Union[QueryRequest, _Mapping]]] = ...) -> None: ...

class QueryBatchResponse(_message.Message):
    __slots__ = ("results",)
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    results: _containers.RepeatedCompositeFieldContainer[QueryResponse]
    def __init__(self, results: _Optional[_Iterable[_Union[QueryResponse, _Mapping]]] = ...) -> None: ...

class MutateRequest(_message.Message):
    __slots__ = ("agent_id", "upsert_symbols", "add", "remove", "terms_are_labels", "dry_run")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    UPSERT_SYMBOLS_FIELD_NUMBER: _ClassVar[int]
    ADD_FIELD_NUMBER: _ClassVar[int]
    REMOVE_FIELD_NUMBER: _ClassVar[int]
    TERMS_ARE_LABELS_FIELD_NUMBER: _ClassVar[int]
    DRY_RUN_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    upsert_symbols: _containers.RepeatedCompositeFieldContainer[_common_pb2.Symbol]
    add: _containers.RepeatedCompositeFieldContainer[_common_pb2.Triple]
    remove: _containers.RepeatedCompositeFieldContainer[_common_pb2.Triple]
    terms_are_labels: bool
    dry_run: bool
    def __init__(self, agent_id: _Optional[str] = ..., upsert_symbols: _Optional[_Iterable[_Union[_common_pb2.Symbol, _Mapping]]] = ..., add: _Optional[_Iterable[_Union[_common_pb2.Triple, _Mapping]]] = ..., remove: _Optional[_Iterable[_Union[_common_pb2.Triple, _Mapping]]] = ..., terms_are_labels: _Optional[bool] = ..., dry_run: _Optional[bool] = ...) -> None: ...

class MutateResponse(_message.Message):
    __slots__ = ("added", "unchanged", "removed", "created_symbols")
    ADDED_FIELD_NUMBER: _ClassVar[int]
    UNCHANGED_FIELD_NUMBER: _ClassVar[int]
    REMOVED_FIELD_NUMBER: _ClassVar[int]
    CREATED_SYMBOLS_FIELD_NUMBER: _ClassVar[int]
    added: int
    unchanged: int
    removed: int
    created_symbols: _containers.RepeatedCompositeFieldContainer[_common_pb2.Symbol]
    def __init__(self, added: _Optional[int] = ..., unchanged: _Optional[int] = ..., removed: _Optional[int] = ..., created_symbols: _Optional[_Iterable[_Union[_common_pb2.Symbol, _Mapping]]] = ...) -> None: ...

class ActivateRequest(_message.Message):
    __slots__ = ("agent_id", "seeds", "params")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    SEEDS_FIELD_NUMBER: _ClassVar[int]
    PARAMS_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    seeds: _containers.RepeatedScalarFieldContainer[str]
    params: ActivationParams
    def __init__(self, agent_id: _Optional[str] = ..., seeds: _Optional[_Iterable[str]] = ..., params: _Optional[_Union[ActivationParams, _Mapping]] = ...) -> None: ...

class ActivateResponse(_message.Message):
    __slots__ = ("activations", "supporting_triples", "expanded_nodes")
    ACTIVATIONS_FIELD_NUMBER: _ClassVar[int]
    SUPPORTING_TRIPLES_FIELD_NUMBER: _ClassVar[int]
    EXPANDED_NODES_FIELD_NUMBER: _ClassVar[int]
    activations: _containers.RepeatedCompositeFieldContainer[ActivatedSymbol]
    supporting_triples: _containers.RepeatedCompositeFieldContainer[_common_pb2.Triple]
    expanded_nodes: int
    def __init__(self, activations: _Optional[_Iterable[_Union[ActivatedSymbol, _Mapping]]] = ..., supporting_triples: _Optional[_Iterable[_Union[_common_pb2.Triple, _Mapping]]] = ..., expanded_nodes: _Optional[int] = ...) -> None: ...

class DerivedTriple(_message.Message):
    __slots__ = ("triple", "rule_id", "antecedents", "iteration", "rule_text")
    TRIPLE_FIELD_NUMBER: _ClassVar[int]
    RULE_ID_FIELD_NUMBER: _ClassVar[int]
    ANTECEDENTS_FIELD_NUMBER: _ClassVar[int]
    ITERATION_FIELD_NUMBER: _ClassVar[int]
    RULE_TEXT_FIELD_NUMBER: _ClassVar[int]
    triple: _common_pb2.Triple
    rule_id: str
    antecedents: _containers.RepeatedCompositeFieldContainer[_common_pb2.Triple]
    iteration: int
    rule_text: str
    def __init__(self, triple: _Optional[_Union[_common_pb2.Triple, _Mapping]] = ..., rule_id: _Optional[str] = ..., antecedents: _Optional[_Iterable[_Union[_common_pb2.Triple, _Mapping]]] = ..., iteration: _Optional[int] = ..., rule_text: _Optional[str] = ...) -> None: ...

class FunctionalConflict(_message.Message):
    __slots__ = ("predicate", "subject", "values")
    PREDICATE_FIELD_NUMBER: _ClassVar[int]
    SUBJECT_FIELD_NUMBER: _ClassVar[int]
    VALUES_FIELD_NUMBER: _ClassVar[int]
    predicate: str
    subject: str
    values: _containers.RepeatedCompositeFieldContainer[_common_pb2.Triple]
    def __init__(self, predicate: _Optional[str] = ..., subject: _Optional[str] = ..., values: _Optional[_Iterable[_Union[_common_pb2.Triple, _Mapping]]] = ...) -> None: ...

class InferRulesRequest(_message.Message):
    __slots__ = ("agent_id", "max_iterations", "min_confidence", "max_new_triples", "commit", "rule_ids", "query_subject", "query_predicate", "query_object", "max_depth")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    MAX_ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    MIN_CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    MAX_NEW_TRIPLES_FIELD_NUMBER: _ClassVar[int]
    COMMIT_FIELD_NUMBER: _ClassVar[int]
    RULE_IDS_FIELD_NUMBER: _ClassVar[int]
    QUERY_SUBJECT_FIELD_NUMBER: _ClassVar[int]
    QUERY_PREDICATE_FIELD_NUMBER: _ClassVar[int]
    QUERY_OBJECT_FIELD_NUMBER: _ClassVar[int]
    MAX_DEPTH_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    max_iterations: int
    min_confidence: float
    max_new_triples: int
    commit: bool
    rule_ids: _containers.RepeatedScalarFieldContainer[str]
    query_subject: str
    query_predicate: str
    query_object: str
    max_depth: int
    def __init__(self, agent_id: _Optional[str] = ..., max_iterations: _Optional[int] = ..., min_confidence: _Optional[float] = ..., max_new_triples: _Optional[int] = ..., commit: _Optional[bool] = ..., rule_ids: _Optional[_Iterable[str]] = ..., query_subject: _Optional[str] = ..., query_predicate: _Optional[str] = ..., query_object: _Optional[str] = ..., max_depth: _Optional[int] = ...) -> None: ...

class InferRulesResponse(_message.Message):
    __slots__ = ("derived", "iterations", "committed", "conflicts", "answers")
    DERIVED_FIELD_NUMBER: _ClassVar[int]
    ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    COMMITTED_FIELD_NUMBER: _ClassVar[int]
    CONFLICTS_FIELD_NUMBER: _ClassVar[int]
    ANSWERS_FIELD_NUMBER: _ClassVar[int]
    derived: _containers.RepeatedCompositeFieldContainer[DerivedTriple]
    iterations: int
    committed: bool
    conflicts: _containers.RepeatedCompositeFieldContainer[FunctionalConflict]
    answers: _containers.RepeatedCompositeFieldContainer[DerivedTriple]
    def __init__(self, derived: _Optional[_Iterable[_Union[DerivedTriple, _Mapping]]] = ..., iterations: _Optional[int] = ..., committed: _Optional[bool] = ..., conflicts: _Optional[_Iterable[_Union[FunctionalConflict, _Mapping]]] = ..., answers: _Optional[_Iterable[_Union[DerivedTriple, _Mapping]]] = ...) -> None: ...

class KnowledgeGap(_message.Message):
    __slots__ = ("symbol_id", "label", "kind", "description", "severity", "suggested_predicates")
    SYMBOL_ID_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    SEVERITY_FIELD_NUMBER: _ClassVar[int]
    SUGGESTED_PREDICATES_FIELD_NUMBER: _ClassVar[int]
    symbol_id: str
    label: str
    kind: GapKind
    description: str
    severity: float
    suggested_predicates: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, symbol_id: _Optional[str] = ..., label: _Optional[str] = ..., kind: _Optional[_Union[GapKind, str]] = ..., description: _Optional[str] = ..., severity: _Optional[float] = ..., suggested_predicates: _Optional[_Iterable[str]] = ...) -> None: ...

class GapAnalysisRequest(_message.Message):
    __slots__ = ("agent_id", "goal_id", "max_gaps", "focus_symbols")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    MAX_GAPS_FIELD_NUMBER: _ClassVar[int]
    FOCUS_SYMBOLS_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    goal_id: str
    max_gaps: int
    focus_symbols: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, agent_id: _Optional[str] = ..., goal_id: _Optional[str] = ..., max_gaps: _Optional[int] = ..., focus_symbols: _Optional[_Iterable[str]] = ...) -> None: ...

class GapAnalysisResponse(_message.Message):
    __slots__ = ("gaps", "coverage")
    GAPS_FIELD_NUMBER: _ClassVar[int]
    COVERAGE_FIELD_NUMBER: _ClassVar[int]
    gaps: _containers.RepeatedCompositeFieldContainer[KnowledgeGap]
    coverage: float
    def __init__(self, gaps: _Optional[_Iterable[_Union[KnowledgeGap, _Mapping]]] = ..., coverage: _Optional[float] = ...) -> None: ...

class IngestError(_message.Message):
    __slots__ = ("line", "column", "message")
    LINE_FIELD_NUMBER: _ClassVar[int]
    COLUMN_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    line: int
    column: int
    message: str
    def __init__(self, line: _Optional[int] = ..., column: _Optional[int] = ..., message: _Optional[str] = ...) -> None: ...

class IngestRequest(_message.Message):
    __slots__ = ("agent_id", "format", "content", "path", "source_label", "default_confidence", "dry_run", "strict")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    SOURCE_LABEL_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    DRY_RUN_FIELD_NUMBER: _ClassVar[int]
    STRICT_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    format: IngestFormat
    content: bytes
    path: str
    source_label: str
    default_confidence: float
    dry_run: bool
    strict: bool
    def __init__(self, agent_id: _Optional[str] = ..., format: _Optional[_Union[IngestFormat, str]] = ..., content: _Optional[bytes] = ..., path: _Optional[str] = ..., source_label: _Optional[str] = ..., default_confidence: _Optional[float] = ..., dry_run: _Optional[bool] = ..., strict: _Optional[bool] = ...) -> None: ...

class IngestResponse(_message.Message):
    __slots__ = ("lines_read", "triples_added", "symbols_created", "errors", "committed", "rules_added")
    LINES_READ_FIELD_NUMBER: _ClassVar[int]
    TRIPLES_ADDED_FIELD_NUMBER: _ClassVar[int]
    SYMBOLS_CREATED_FIELD_NUMBER: _ClassVar[int]
    ERRORS_FIELD_NUMBER: _ClassVar[int]
    COMMITTED_FIELD_NUMBER: _ClassVar[int]
    RULES_ADDED_FIELD_NUMBER: _ClassVar[int]
    lines_read: int
    triples_added: int
    symbols_created: int
    errors: _containers.RepeatedCompositeFieldContainer[IngestError]
    committed: bool
    rules_added: int
    def __init__(self, lines_read: _Optional[int] = ..., triples_added: _Optional[int] = ..., symbols_created: _Optional[int] = ..., errors: _Optional[_Iterable[_Union[IngestError, _Mapping]]] = ..., committed: _Optional[bool] = ..., rules_added: _Optional[int] = ...) -> None: ...
