// Command example uses Boyd from Go: it creates an agent, runs it, follows
// its events over NATS, answers its approval requests over the API, and
// prints how the run ended.
//
//	go run ./example --grpc 127.0.0.1:50051 --nats nats://127.0.0.1:4222
//
// It needs a Boyd with both ports (`boyd up --nats nats://... --grpc ...`).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"
	"unicode"

	"github.com/nats-io/nats.go"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/proto"

	"boyd/clients/go/boydv1"
)

// Writing a file is a side effect, so the agent asks before it commits to
// the plan (and before each step that writes).
var goal = &boydv1.NewGoal{Description: "Write the moons of Mars to the file moons.txt", SuccessCriteria: "moons.txt"}

const answeredBy = "go example"

// printable makes text from the server safe for a terminal: control
// characters are escaped.
func printable(text string) string {
	var b strings.Builder
	for _, r := range text {
		if unicode.IsPrint(r) {
			b.WriteRune(r)
		} else {
			fmt.Fprintf(&b, "%q", string(r))
		}
	}
	return b.String()
}

func say(format string, args ...any) {
	fmt.Println(printable(fmt.Sprintf(format, args...)))
}

type options struct {
	grpcAddr, natsURL, agentID string
	cycles                     uint64
}

func parseFlags() options {
	var o options
	flag.StringVar(&o.grpcAddr, "grpc", "127.0.0.1:50051", "Boyd's gRPC address (host:port)")
	flag.StringVar(&o.natsURL, "nats", "nats://127.0.0.1:4222", "the NATS server Boyd publishes events on")
	flag.StringVar(&o.agentID, "agent", "go-example", "agent id (a subject-safe token)")
	flag.Uint64Var(&o.cycles, "cycles", 3, "cycles to run")
	flag.Parse()
	return o
}

// approve answers a request. A question (tool user_interact, e.g. "Confirm
// the plan ...?") takes the comment as the person's answer; for a tool call
// it is a remark.
func approve(api boydv1.AgentServiceClient, request *boydv1.ApprovalRequest) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err := api.ResolveApproval(ctx, &boydv1.ResolveApprovalRequest{Decision: &boydv1.ApprovalDecision{
		ApprovalId: request.GetId(),
		AgentId:    request.GetAgentId(),
		Verdict:    boydv1.ApprovalVerdict_APPROVAL_VERDICT_APPROVE,
		AnsweredBy: answeredBy,
		Comment:    "yes",
	}})
	return err
}

func onEvent(api boydv1.AgentServiceClient, event *boydv1.Event) error {
	switch kind := event.GetKind().(type) {
	case *boydv1.Event_ApprovalRequested:
		request := kind.ApprovalRequested.GetRequest()
		what := request.GetToolName()
		if what == "" {
			what = "the plan"
		}
		say("approval requested %s for %s: %s", request.GetId(), what, request.GetReason())
		if preview := request.GetPreview(); preview != "" {
			say("  %.200s", preview)
		}
		return approve(api, request)
	case *boydv1.Event_ApprovalResolved:
		decision := kind.ApprovalResolved.GetDecision()
		say("approval resolved %s: %s by %s", decision.GetApprovalId(), decision.GetVerdict(), decision.GetAnsweredBy())
	case *boydv1.Event_CycleFinished:
		tool := kind.CycleFinished.GetToolName()
		if tool == "" {
			tool = "no tool"
		}
		say("cycle %d finished: %s", event.GetCycle(), tool)
	}
	return nil
}

// followEvents subscribes to the agent's events
// (boyd.events.v1.<agent>.<kind>, each a binary boyd.v1.Event).
func followEvents(nc *nats.Conn, api boydv1.AgentServiceClient, agentID string) error {
	_, err := nc.Subscribe("boyd.events.v1."+agentID+".>", func(msg *nats.Msg) {
		event := &boydv1.Event{}
		if err := proto.Unmarshal(msg.Data, event); err != nil {
			say("event on %s not decoded: %v", msg.Subject, err)
			return
		}
		// Keep following: one event not handled must not end the run.
		if err := onEvent(api, event); err != nil {
			say("event on %s not handled: %v", msg.Subject, err)
		}
	})
	if err != nil {
		return err
	}
	// The subscription is registered on the server before the run starts.
	return nc.Flush()
}

func report(run *boydv1.RunResponse, goals *boydv1.ListGoalsResponse) {
	say("outcome: %s after %d cycles", run.GetReport().GetStopReason(), run.GetReport().GetCyclesRun())
	for _, g := range goals.GetGoals() {
		say("goal %s: %s", g.GetStatus(), g.GetDescription())
	}
}

func run(o options) error {
	nc, err := nats.Connect(o.natsURL, nats.Timeout(5*time.Second), nats.MaxReconnects(3))
	if err != nil {
		return fmt.Errorf("connecting to NATS at %s: %w", o.natsURL, err)
	}
	defer nc.Drain()
	conn, err := grpc.NewClient(o.grpcAddr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return fmt.Errorf("gRPC address %s: %w", o.grpcAddr, err)
	}
	defer conn.Close()
	api := boydv1.NewAgentServiceClient(conn)
	if err := followEvents(nc, api, o.agentID); err != nil {
		return fmt.Errorf("subscribing to events: %w", err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	created, err := api.CreateAgent(ctx, &boydv1.CreateAgentRequest{AgentId: o.agentID, Fresh: true, Goals: []*boydv1.NewGoal{goal}})
	if err != nil {
		return fmt.Errorf("CreateAgent: %w", err)
	}
	say("created agent %s with goal: %s", created.GetAgent().GetAgentId(), goal.GetDescription())
	// Blocks while the agent waits for answers, which the subscription gives.
	result, err := api.Run(ctx, &boydv1.RunRequest{AgentId: o.agentID, MaxCycles: proto.Uint64(o.cycles)})
	if err != nil {
		return fmt.Errorf("Run: %w", err)
	}
	goals, err := api.ListGoals(ctx, &boydv1.ListGoalsRequest{AgentId: o.agentID})
	if err != nil {
		return fmt.Errorf("ListGoals: %w", err)
	}
	// Events published just before Run returned may still be on their way.
	if err := nc.Flush(); err != nil {
		return err
	}
	report(result, goals)
	switch result.GetReport().GetStopReason() {
	case boydv1.StopReason_STOP_REASON_MAX_CYCLES, boydv1.StopReason_STOP_REASON_ALL_GOALS_DONE:
		return nil
	}
	return errors.New("the run did not finish its cycles")
}

func main() {
	if err := run(parseFlags()); err != nil {
		say("error: %v", err)
		os.Exit(1)
	}
}
