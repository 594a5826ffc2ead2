"""The rule lab for designers: compare variants, sweep a rule, weigh luck against skill.

Imports pandas only when a comparison runs and plotly only when a figure is drawn.
"""
from .compare import (LuckSkill, RuleComparison, RuleSweep, compare_rules, luck_vs_skill,
                      sweep)

__all__ = ["compare_rules", "sweep", "luck_vs_skill", "RuleComparison", "RuleSweep", "LuckSkill"]
