from boyd.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Percept(_message.Message):
    __slots__ = ("id", "agent_id", "source", "content", "content_type", "symbols", "received_at_unix_ms")
    ID_FIELD_NUMBER: _ClassVar[int]
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    CONTENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    SYMBOLS_FIELD_NUMBER: _ClassVar[int]
    RECEIVED_AT_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    id: str
    agent_id: str
    source: str
    content: str
    content_type: str
    symbols: _containers.RepeatedScalarFieldContainer[str]
    received_at_unix_ms: int
    def __init__(self, id: _Optional[str] = ..., agent_id: _Optional[str] = ..., source: _Optional[str] = ..., content: _Optional[str] = ..., content_type: _Optional[str] = ..., symbols: _Optional[_Iterable[str]] = ..., received_at_unix_ms: _Optional[int] = ...) -> None: ...

class Observation(_message.Message):
    __slots__ = ("agent_id", "cycle", "goals", "active_goal_ids", "working_memory_size", "working_memory_capacity", "recent_entries", "recalled_episodes", "percepts", "summary", "observed_at_unix_ms")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    CYCLE_FIELD_NUMBER: _ClassVar[int]
    GOALS_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_GOAL_IDS_FIELD_NUMBER: _ClassVar[int]
    WORKING_MEMORY_SIZE_FIELD_NUMBER: _ClassVar[int]
    WORKING_MEMORY_CAPACITY_FIELD_NUMBER: _ClassVar[int]
    RECENT_ENTRIES_FIELD_NUMBER: _ClassVar[int]
    RECALLED_EPISODES_FIELD_NUMBER: _ClassVar[int]
    PERCEPTS_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    OBSERVED_AT_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    cycle: int
    goals: _containers.RepeatedCompositeFieldContainer[_common_pb2.Goal]
    active_goal_ids: _containers.RepeatedScalarFieldContainer[str]
    working_memory_size: int
    working_memory_capacity: int
    recent_entries: _containers.RepeatedCompositeFieldContainer[_common_pb2.WorkingMemoryEntry]
    recalled_episodes: _containers.RepeatedCompositeFieldContainer[_common_pb2.EpisodicEntry]
    percepts: _containers.RepeatedCompositeFieldContainer[Percept]
    summary: str
    observed_at_unix_ms: int
    def __init__(self, agent_id: _Optional[str] = ..., cycle: _Optional[int] = ..., goals: _Optional[_Iterable[_Union[_common_pb2.Goal, _Mapping]]] = ..., active_goal_ids: _Optional[_Iterable[str]] = ..., working_memory_size: _Optional[int] = ..., working_memory_capacity: _Optional[int] = ..., recent_entries: _Optional[_Iterable[_Union[_common_pb2.WorkingMemoryEntry, _Mapping]]] = ..., recalled_episodes: _Optional[_Iterable[_Union[_common_pb2.EpisodicEntry, _Mapping]]] = ..., percepts: _Optional[_Iterable[_Union[Percept, _Mapping]]] = ..., summary: _Optional[str] = ..., observed_at_unix_ms: _Optional[int] = ...) -> None: ...

class ObserveRequest(_message.Message):
    __slots__ = ("agent_id", "cycle", "recent_limit", "episode_top_k", "goals", "memory_position")
    AGENT_ID_FIELD_NUMBER: _ClassVar[int]
    CYCLE_FIELD_NUMBER: _ClassVar[int]
    RECENT_LIMIT_FIELD_NUMBER: _ClassVar[int]
    EPISODE_TOP_K_FIELD_NUMBER: _ClassVar[int]
    GOALS_FIELD_NUMBER: _ClassVar[int]
    MEMORY_POSITION_FIELD_NUMBER: _ClassVar[int]
    agent_id: str
    cycle: int
    recent_limit: int
    episode_top_k: int
    goals: _containers.RepeatedCompositeFieldContainer[_common_pb2.Goal]
    memory_position: int
    def __init__(self, agent_id: _Optional[str] = ..., cycle: _Optional[int] = ..., recent_limit: _Optional[int] = ..., episode_top_k: _Optional[int] = ..., goals: _Optional[_Iterable[_Union[_common_pb2.Goal, _Mapping]]] = ..., memory_position: _Optional[int] = ...) -> None: ...

class ObserveResponse(_message.Message):
    __slots__ = ("observation",)
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    observation: Observation
    def __init__(self, observation: _Optional[_Union[Observation, _Mapping]] = ...) -> None: ...
