"""Boyd from Python: create an agent, run it, follow its events over NATS,
answer its approval requests over the API, and print how the run ended.

    python example.py --grpc 127.0.0.1:50051 --nats nats://127.0.0.1:4222

Needs a Boyd with both ports (`boyd up --nats nats://... --grpc ...`) and,
on the Python path, this directory (for the generated `boyd.v1`) plus
grpcio, protobuf and nats-py at the versions scripts/ensure-deps.sh pins.
"""

import argparse
import asyncio
import sys

import grpc
import nats

from boyd.v1 import common_pb2, controller_pb2, controller_pb2_grpc, events_pb2

# Writing a file is a side effect, so the agent asks before it commits to
# the plan (and before each step that writes).
GOAL = controller_pb2.NewGoal(description="Write the moons of Mars to the file moons.txt", success_criteria="moons.txt")
ANSWERED_BY = "python example"


def printable(text: str) -> str:
    """Text from the server, safe for a terminal: control characters escaped."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def say(line: str) -> None:
    print(printable(line), flush=True)


async def on_nats_error(err: Exception) -> None:
    # nats-py's default prints a traceback per failed attempt; one line says enough.
    print(printable(f"nats: {err}"), file=sys.stderr, flush=True)


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--grpc", default="127.0.0.1:50051", help="Boyd's gRPC address (host:port)")
    parser.add_argument("--nats", default="nats://127.0.0.1:4222", help="the NATS server Boyd publishes events on")
    parser.add_argument("--agent", default="py-example", help="agent id (a subject-safe token)")
    parser.add_argument("--cycles", type=int, default=3, help="cycles to run")
    return parser.parse_args()


async def approve(api: controller_pb2_grpc.AgentServiceStub, request: common_pb2.ApprovalRequest) -> None:
    decision = common_pb2.ApprovalDecision(
        approval_id=request.id,
        agent_id=request.agent_id,
        verdict=common_pb2.APPROVAL_VERDICT_APPROVE,
        answered_by=ANSWERED_BY,
        # A question (tool user_interact, e.g. "Confirm the plan ...?") takes
        # the comment as the person's answer; for a tool call it is a remark.
        comment="yes",
    )
    await api.ResolveApproval(controller_pb2.ResolveApprovalRequest(decision=decision), timeout=10)


async def on_event(api: controller_pb2_grpc.AgentServiceStub, event: events_pb2.Event) -> None:
    kind = event.WhichOneof("kind")
    if kind == "approval_requested":
        request = event.approval_requested.request
        what = request.tool_name or "the plan"
        say(f"approval requested {request.id} for {what}: {request.reason}")
        if request.preview:
            say(f"  {request.preview[:200]}")
        await approve(api, request)
    elif kind == "approval_resolved":
        decision = event.approval_resolved.decision
        verdict = common_pb2.ApprovalVerdict.Name(decision.verdict)
        say(f"approval resolved {decision.approval_id}: {verdict} by {decision.answered_by}")
    elif kind == "cycle_finished":
        finished = event.cycle_finished
        say(f"cycle {event.cycle} finished: {finished.tool_name or 'no tool'}")


async def follow_events(nc: nats.NATS, api: controller_pb2_grpc.AgentServiceStub, agent_id: str) -> None:
    """Subscribes to the agent's events (boyd.events.v1.<agent>.<kind>, each a binary boyd.v1.Event)."""

    async def handle(msg) -> None:
        try:
            await on_event(api, events_pb2.Event.FromString(msg.data))
        except Exception as err:  # keep following: one bad event must not end the run
            say(f"event on {msg.subject} not handled: {err}")

    await nc.subscribe(f"boyd.events.v1.{agent_id}.>", cb=handle)
    # The subscription is registered on the server before the run starts.
    await nc.flush()


def report(run: controller_pb2.RunResponse, goals: controller_pb2.ListGoalsResponse) -> None:
    reason = common_pb2.StopReason.Name(run.report.stop_reason)
    say(f"outcome: {reason} after {run.report.cycles_run} cycles")
    for goal in goals.goals:
        say(f"goal {common_pb2.GoalStatus.Name(goal.status)}: {goal.description}")


async def main() -> int:
    args = parse_args()
    try:
        nc = await nats.connect(args.nats, connect_timeout=5, max_reconnect_attempts=3, error_cb=on_nats_error)
    except (OSError, nats.errors.Error) as err:
        say(f"error: connecting to NATS at {args.nats}: {err}")
        return 1
    try:
        async with grpc.aio.insecure_channel(args.grpc) as channel:
            api = controller_pb2_grpc.AgentServiceStub(channel)
            await follow_events(nc, api, args.agent)
            created = await api.CreateAgent(controller_pb2.CreateAgentRequest(agent_id=args.agent, fresh=True, goals=[GOAL]), timeout=10)
            say(f"created agent {created.agent.agent_id} with goal: {GOAL.description}")
            # Blocks while the agent waits for answers, which the handler gives.
            run = await api.Run(controller_pb2.RunRequest(agent_id=args.agent, max_cycles=args.cycles), timeout=120)
            goals = await api.ListGoals(controller_pb2.ListGoalsRequest(agent_id=args.agent), timeout=10)
            # Events published just before Run returned may still be on their way.
            await nc.flush()
            report(run, goals)
            finished = run.report.stop_reason in (common_pb2.STOP_REASON_MAX_CYCLES, common_pb2.STOP_REASON_ALL_GOALS_DONE)
            return 0 if finished else 1
    except grpc.aio.AioRpcError as err:
        say(f"error: {err.code().name}: {err.details()}")
        return 1
    finally:
        await nc.drain()


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
