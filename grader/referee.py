"""The referee API that assignment authors import (`from grader.referee import Referee, Ruling, answer,
hidden, objection, upheld`, and `StepFacts`, `Unit` for a referee that judges facts): a stable name for
what lives in `grader.engine.referee`, so the engine can move without breaking a referee."""

from grader.engine.referee import Referee, RefereeError, Ruling, StepFacts, Unit, answer, hidden, objection, upheld

__all__ = ["Referee", "RefereeError", "Ruling", "StepFacts", "Unit", "answer", "hidden", "objection", "upheld"]
