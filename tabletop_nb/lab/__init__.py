"""The rule lab for designers: compare variants, sweep a rule, weigh luck against skill,
rate bots on a skill ladder, search the rule values that balance a game, find the rules that
move a goal (levers), check a house rule (check_rule).

Imports pandas only when a comparison runs and plotly only when a figure is drawn.
"""
from .compare import (LuckSkill, RuleComparison, RuleSweep, compare_rules, luck_vs_skill,
                      sweep)
from .ladder import SkillLadder, skill_ladder
from .balance import BalancePlan, BalanceResult, balance, plan_balance
from .levers import LeversResult, levers
from .check_rule import RuleCheck, check_rule
from . import goals
from .analyse import GameAnalysis, LuckAndSkill, analyse, luck_and_skill

__all__ = ["compare_rules", "sweep", "luck_vs_skill", "RuleComparison", "RuleSweep", "LuckSkill",
           "skill_ladder", "SkillLadder", "balance", "BalanceResult", "plan_balance", "BalancePlan", "levers", "LeversResult", "goals",
           "analyse", "GameAnalysis", "luck_and_skill", "LuckAndSkill", "check_rule", "RuleCheck"]
